import { formatDate, parseUsDate } from '../../ui/format.ts';
import { Input } from './FormControls.tsx';

/** A date field left: what it reads as, written MM/DD/YYYY; text that is no date stays as typed. */
export const usDate = (typed: string) => {
  const day = parseUsDate(typed);
  return day === null ? typed : formatDate(day);
};

/** A field after a row's code: a date (rewritten MM/DD/YYYY when left) or an amount in dollars. */
export interface UbRowField {
  /** Named after the row, e.g. `date` reads "Occurrence 1 date". */
  name: string;
  kind: 'date' | 'amount';
  value: string;
  onChange: (value: string) => void;
}

interface UbCodeRowProps {
  /** The row's name, e.g. "Occurrence 1"; its code field reads "Occurrence 1 code". */
  label: string;
  code: string;
  /** The code as typed, upper-cased. */
  onCode: (code: string) => void;
  error?: string | undefined;
  fields: readonly UbRowField[];
}

/** One row of the UB-04's occurrence, occurrence span or value codes: a two-character code, then its fields. */
export function UbCodeRow({ label, code, onCode, error, fields }: UbCodeRowProps) {
  return (
    <div className="claim-form__ub-row">
      <Input
        label={`${label} code`}
        value={code}
        onChange={(typed) => onCode(typed.toUpperCase())}
        maxLength={2}
        error={error}
      />
      {fields.map((field) =>
        field.kind === 'date' ? (
          <Input
            key={field.name}
            label={`${label} ${field.name}`}
            value={field.value}
            placeholder="MM/DD/YYYY"
            onChange={field.onChange}
            onBlur={() => field.onChange(usDate(field.value))}
          />
        ) : (
          <Input
            key={field.name}
            label={`${label} ${field.name}`}
            value={field.value}
            inputMode="decimal"
            placeholder="0.00"
            onChange={field.onChange}
          />
        ),
      )}
    </div>
  );
}
