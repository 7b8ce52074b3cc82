import { Fragment } from 'react';
import './screenKit.css';

/** One hint: the keys to press (each drawn as a key cap: ['↑', '↓'], ['Alt+D'], ['G', 'C']) and what they do. */
export interface KeyHint {
  keys: readonly string[];
  label: string;
}

/**
 * A screen's key hints at the end of its bar: "↑ ↓ check  Enter its summary  U upload an 835 file".
 * The words are the screen's; keys of commands come from the registry (src/console/CommandHints.tsx).
 */
export function KeyHints({ hints }: { hints: readonly KeyHint[] }) {
  if (hints.length === 0) return null;
  return (
    <span className="key-hints muted">
      {hints.map((hint, index) => (
        <Fragment key={`${index}:${hint.label}`}>
          {index > 0 && ' '}
          {hint.keys.map((key, at) => (
            <kbd key={`${at}:${key}`}>{key}</kbd>
          ))}
          {` ${hint.label}`}
        </Fragment>
      ))}
    </span>
  );
}
