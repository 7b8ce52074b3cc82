import { TextField } from '../../ui/TextField.tsx';

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
}

/** New password, typed twice. */
export function NewPasswordFields({ password, confirmation, onPassword, onConfirmation }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
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
