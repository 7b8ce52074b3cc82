import type { DenialReportReply } from '../../../contract/denials.ts';
import type { DenialFilters } from './denialText.ts';

interface DenialFiltersBarProps {
  filters: DenialFilters;
  onChange: (filters: DenialFilters) => void;
  /** Enter or Escape in a filter: the keyboard goes back to the claims. */
  onDone: () => void;
  payers: DenialReportReply['payers'];
  reasons: DenialReportReply['reasons'];
}

/**
 * Date-of-service, payer and reason filters as plain form fields: Shift+Tab from the claims
 * reaches the reason first (it is last), the arrows pick inside a field, Enter or Escape goes back
 * to the claims. The payers and reasons offered are the ones the report found.
 */
export function DenialFiltersBar({ filters, onChange, onDone, payers, reasons }: DenialFiltersBarProps) {
  // A chosen payer or reason stays offered when the filters narrowed it out of the report.
  const payerShown = filters.insuranceID === null || payers.some((payer) => payer.insuranceID === filters.insuranceID);
  const reasonShown = filters.reasonCode === '' || reasons.some((reason) => reason.reasonCode === filters.reasonCode);
  return (
    <form
      className="denials__filters"
      aria-label="Filters"
      onSubmit={(event) => event.preventDefault()}
      onKeyDown={(event) => {
        if ((event.key !== 'Enter' && event.key !== 'Escape') || event.defaultPrevented) return;
        event.preventDefault();
        onDone();
      }}
    >
      <label>
        DOS from
        <input
          type="date"
          value={filters.dosFrom}
          onChange={(event) => onChange({ ...filters, dosFrom: event.target.value })}
        />
      </label>
      <label>
        to
        <input
          type="date"
          value={filters.dosTo}
          onChange={(event) => onChange({ ...filters, dosTo: event.target.value })}
        />
      </label>
      <label>
        Payer
        <select
          value={filters.insuranceID ?? ''}
          onChange={(event) =>
            onChange({ ...filters, insuranceID: event.target.value === '' ? null : Number(event.target.value) })
          }
        >
          <option value="">All payers</option>
          {!payerShown && <option value={filters.insuranceID ?? ''}>Payer {filters.insuranceID}</option>}
          {payers.map((payer) => (
            <option key={payer.insuranceID} value={payer.insuranceID}>
              {payer.payerName} ({payer.claimCount})
            </option>
          ))}
        </select>
      </label>
      <label>
        Reason
        <select
          value={filters.reasonCode}
          onChange={(event) => onChange({ ...filters, reasonCode: event.target.value })}
        >
          <option value="">All reasons</option>
          {!reasonShown && <option value={filters.reasonCode}>{filters.reasonCode}</option>}
          {reasons
            .filter((reason) => reason.reasonCode !== '')
            .map((reason) => (
              <option key={reason.reasonCode} value={reason.reasonCode}>
                {[reason.reasonCode || 'none', reason.description].filter(Boolean).join(' ')} ({reason.claimCount})
              </option>
            ))}
        </select>
      </label>
    </form>
  );
}
