import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Hides the label (a grid column names the field) while screen readers still read it. */
  labelHidden?: boolean;
}

/** A labelled input with its message beside it, read out with the field. */
export function Input({ label, value, onChange, error, labelHidden, className, ...input }: InputProps) {
  const id = useId();
  return (
    <div className={`field ${className ?? ''}`}>
      <label className={labelHidden ? 'visually-hidden' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={error ? 'field__input field__input--invalid' : 'field__input'}
        value={value}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  children: ReactNode;
}

/** A native select: arrows and typing the first letters pick an option, as billers expect. */
export function Select({ label, value, onChange, error, children, className, ...select }: SelectProps) {
  const id = useId();
  return (
    <div className={`field ${className ?? ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        {...select}
        id={id}
        className={error ? 'field__input field__input--invalid' : 'field__input'}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
      {error && (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
