import type { KeyboardEvent, ReactNode, Ref } from 'react';
import './screenKit.css';

interface ScreenFrameProps {
  title: ReactNode;
  /** The heading's id; a frame that takes the keyboard itself (`region`) is labelled by it. */
  titleID?: string;
  /** Beside the title, before the hints: a short note such as "5 sent". */
  note?: ReactNode;
  /** The key hints at the end of the bar (KeyHints, or the console's CommandHints). */
  hints?: ReactNode;
  /**
   * The frame itself can hold the keyboard (role region, focusable by script): a screen with
   * nothing to list yet still takes Escape. Needs `titleID`.
   */
  region?: boolean;
  frameRef?: Ref<HTMLDivElement>;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** A class of the screen's own for what only it lays out. */
  className?: string;
  children?: ReactNode;
}

/**
 * A screen of the console: a bar with its title and key hints, then its figures and lists, which
 * share the height left (each ListSection by its weight).
 */
export function ScreenFrame({
  title,
  titleID,
  note,
  hints,
  region = false,
  frameRef,
  onKeyDown,
  className,
  children,
}: ScreenFrameProps) {
  return (
    <div
      ref={frameRef}
      className={className === undefined ? 'screen' : `screen ${className}`}
      role={region ? 'region' : undefined}
      tabIndex={region ? -1 : undefined}
      aria-labelledby={region ? titleID : undefined}
      onKeyDown={onKeyDown}
    >
      <div className="screen__bar">
        <h1 id={titleID}>{title}</h1>
        {note !== undefined && <span className="muted">{note}</span>}
        {hints}
      </div>
      {children}
    </div>
  );
}
