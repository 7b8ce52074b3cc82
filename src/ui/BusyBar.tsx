import './ui.css';

/** The app-wide busy indicator: a thin bar, so work on screen is never blocked by it. */
export function BusyBar({ busy }: { busy: boolean }) {
  if (!busy) return null;
  return <div className="busy-bar" role="progressbar" aria-label="Loading" aria-busy="true" />;
}
