import { useEffect, useRef, type KeyboardEvent } from 'react';

interface LeaveConfirmProps {
  /** Enter or Escape: back to the field the biller was in. */
  onKeep: () => void;
  /** D: the draft is thrown away and the form left. */
  onDiscard: () => void;
}

/**
 * Asked when Escape would leave a claim the biller has typed into: Enter keeps editing, D
 * discards it and goes back. It takes the keyboard while it is open; the draft is not touched
 * until D is pressed.
 */
export function LeaveConfirm({ onKeep, onDiscard }: LeaveConfirmProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus({ preventScroll: true });
    box.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    // Enter on one of the buttons presses that button.
    const onButton = event.target instanceof HTMLButtonElement;
    if (event.key === 'Escape' || (event.key === 'Enter' && !onButton)) onKeep();
    else if (event.key === 'd' || event.key === 'D') onDiscard();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div
      ref={box}
      className="claim-form__leave"
      role="alertdialog"
      aria-labelledby="claim-form-leave-title"
      aria-describedby="claim-form-leave-text"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // The keyboard went elsewhere in the form: the biller keeps editing.
        if (
          !(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) &&
          event.relatedTarget !== null
        )
          onKeep();
      }}
    >
      <strong id="claim-form-leave-title">Leave this claim?</strong>{' '}
      <span id="claim-form-leave-text">What you typed is not saved.</span>
      <span className="claim-form__leave-keys">
        <button type="button" className="btn btn--primary" onClick={onKeep}>
          <kbd>Enter</kbd> Keep editing
        </button>
        <button type="button" className="btn" onClick={onDiscard}>
          <kbd>D</kbd> Discard and go back
        </button>
      </span>
    </div>
  );
}
