import { formatBinding } from './shortcuts.ts';

/** A binding drawn as keys: 'g c' reads G then C, '$mod+k' reads Ctrl+K. */
export function KeyCaps({ binding }: { binding: string | null }) {
  if (binding === null) return <span className="keycaps keycaps--none">—</span>;
  return (
    <span className="keycaps" aria-label={`Shortcut ${formatBinding(binding).join(' then ')}`}>
      {formatBinding(binding).map((press, index) => (
        <kbd key={index}>{press}</kbd>
      ))}
    </span>
  );
}

/** Several bindings side by side (a command's key and its screen's key); a dash for none. */
export function KeyCapsList({ keys }: { keys: readonly string[] }) {
  return keys.length === 0 ? <KeyCaps binding={null} /> : keys.map((key) => <KeyCaps key={key} binding={key} />);
}
