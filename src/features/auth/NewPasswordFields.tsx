import { TextField } from '../../ui/TextField.tsx';

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  /** The first field takes the keyboard when the form opens. */
  autoFocus?: boolean;
}

/** New password, typed twice. */
export function NewPasswordFields({
  password,
  confirmation,
  onPassword,
  onConfirmation,
  autoFocus,
}: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        value={password}
        onChange={onPassword}
        hint="At least 12 characters, with an upper-case letter, a lower-case letter and a digit."
      />
      <TextField
        label="New password again"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={onConfirmation}
      />
    </>
  );
}
