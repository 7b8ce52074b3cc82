import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';

export interface SearchOption {
  value: string;
  label: string;
  hint?: string;
}

interface SearchFieldProps {
  label: string;
  /** The text in the field (the biller's own, or the picked option's). */
  text: string;
  onText: (text: string) => void;
  /** Options for what is typed; called a moment after the last keystroke. */
  search: (text: string, signal: AbortSignal) => Promise<SearchOption[]>;
  onPick: (option: SearchOption) => void;
  placeholder?: string;
  error?: string | undefined;
  minChars?: number;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Enter with no list open (e.g. a code typed in full): the field's own action. */
  onEnterTyped?: (text: string) => void;
  className?: string;
  testID?: string;
  /** The cursor leaves the field (a code typed in full and Tab). */
  onLeave?: (text: string) => void;
  /** A grid column names the field: the label is for screen readers only. */
  labelHidden?: boolean;
}

/**
 * A text field that searches as the biller types and lists what it found under it: ↓/↑ move in
 * the list, Enter picks, Escape closes the list (a second Escape reaches the page). The list is
 * an ARIA listbox the input controls, so a screen reader reads the option under the cursor.
 */
export function SearchField({
  label,
  text,
  onText,
  search,
  onPick,
  placeholder,
  error,
  minChars = 2,
  disabled,
  inputRef,
  onEnterTyped,
  className,
  testID,
  onLeave,
  labelHidden,
}: SearchFieldProps) {
  const id = useId();
  const [options, setOptions] = useState<SearchOption[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [typed, setTyped] = useState(false);
  // A search that answers after the cursor left the field opens no list under it.
  const focused = useRef(false);
  const searchRef = useRef(search);
  useEffect(() => {
    searchRef.current = search;
  }, [search]);

  useEffect(() => {
    if (!typed || text.trim().length < minChars) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchRef.current(text.trim(), controller.signal).then(
        (found) => {
          if (controller.signal.aborted || !focused.current) return;
          setOptions(found);
          setActive(0);
          setOpen(true);
        },
        () => undefined,
      );
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, typed, minChars]);

  const pick = (option: SearchOption) => {
    setOpen(false);
    setTyped(false);
    onPick(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const listed = open && options.length > 0;
    if (event.key === 'ArrowDown' && listed) {
      event.preventDefault();
      setActive((at) => Math.min(options.length - 1, at + 1));
    } else if (event.key === 'ArrowUp' && listed) {
      event.preventDefault();
      setActive((at) => Math.max(0, at - 1));
    } else if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey && listed) {
      event.preventDefault();
      const option = options[active];
      if (option) pick(option);
    } else if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey && onEnterTyped && text.trim() !== '') {
      event.preventDefault();
      setOpen(false);
      onEnterTyped(text.trim());
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const listID = `${id}-list`;
  const shown = open && options.length > 0;
  return (
    <div className={`field search-field ${className ?? ''}`}>
      <label className={labelHidden ? 'visually-hidden' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className={error ? 'field__input field__input--invalid' : 'field__input'}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        autoComplete="off"
        role="combobox"
        aria-expanded={shown}
        aria-controls={listID}
        aria-activedescendant={shown ? `${listID}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={testID}
        onChange={(event) => {
          setTyped(true);
          if (event.target.value.trim().length < minChars) setOpen(false);
          onText(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => {
          focused.current = true;
        }}
        onBlur={() => {
          focused.current = false;
          setOpen(false);
          onLeave?.(text);
        }}
      />
      {shown && (
        <ul id={listID} role="listbox" className="search-field__list" aria-label={`${label} matches`}>
          {options.map((option, index) => (
            <li
              key={option.value}
              id={`${listID}-${index}`}
              role="option"
              aria-selected={index === active}
              className={
                index === active ? 'search-field__option search-field__option--active' : 'search-field__option'
              }
              onMouseDown={(event) => {
                event.preventDefault();
                pick(option);
              }}
            >
              <span className="search-field__label">{option.label}</span>
              {option.hint && <span className="search-field__hint">{option.hint}</span>}
            </li>
          ))}
        </ul>
      )}
      {open && options.length === 0 && <span className="field__hint">Nothing found for “{text.trim()}”.</span>}
      {error && (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
