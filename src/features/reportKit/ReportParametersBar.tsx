import type { RefObject } from 'react';
import type { ReportParameter, ReportParams } from './types.ts';
import './reportKit.css';

interface ReportParametersBarProps {
  parameters: readonly ReportParameter[];
  params: ReportParams;
  onChange: (key: string, value: string) => void;
  /** Enter or Escape in a field: the keyboard goes back to the grid. */
  onDone: () => void;
  formRef: RefObject<HTMLFormElement | null>;
  /** The form's name for assistive technology (and tests); default "Report parameters". */
  label?: string;
}

const INPUT_TYPE: Record<ReportParameter['kind'], string> = {
  ids: 'text',
  id: 'text',
  date: 'date',
  dollars: 'text',
  text: 'text',
  choice: 'text',
};

/**
 * The report's parameters as plain form fields in one line: '/' in the grid comes here, Tab walks
 * the fields, Enter or Escape goes back to the grid. A field changes the report as it is typed.
 */
export function ReportParametersBar({
  parameters,
  params,
  onChange,
  onDone,
  formRef,
  label = 'Report parameters',
}: ReportParametersBarProps) {
  return (
    <form
      ref={formRef}
      className="report-kit__parameters"
      aria-label={label}
      onSubmit={(event) => event.preventDefault()}
      onKeyDown={(event) => {
        if ((event.key !== 'Enter' && event.key !== 'Escape') || event.defaultPrevented) return;
        event.preventDefault();
        onDone();
      }}
    >
      {parameters.map((parameter) => (
        <label key={parameter.key} title={parameter.hint}>
          {parameter.label}
          {parameter.kind === 'choice' ? (
            <select
              name={parameter.key}
              value={params[parameter.key] ?? parameter.choices?.[0]?.value ?? ''}
              onChange={(event) => onChange(parameter.key, event.target.value)}
            >
              {(parameter.choices ?? []).map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              name={parameter.key}
              type={INPUT_TYPE[parameter.kind]}
              inputMode={parameter.kind === 'dollars' || parameter.kind === 'id' ? 'decimal' : undefined}
              size={parameter.kind === 'dollars' || parameter.kind === 'id' ? 8 : 12}
              placeholder={parameter.kind === 'ids' ? '1,2' : parameter.kind === 'dollars' ? '0.00' : undefined}
              value={params[parameter.key] ?? ''}
              onChange={(event) => onChange(parameter.key, event.target.value)}
            />
          )}
        </label>
      ))}
    </form>
  );
}
