import { formatCents } from '../../../contract/money.ts';
import type { EraDetailCheck } from './eraDetailOnScreen.ts';
import { checkStatusText, dateText, providerAdjustmentsText } from './eraDetailText.ts';

/** One check of the file: who paid, when, how much, and whether its figures add up. */
export function EraCheckHeader({ check, current }: { check: EraDetailCheck; current: boolean }) {
  return (
    <dl className={current ? 'era__stats era-detail__check is-current' : 'era__stats era-detail__check'} aria-label={`Check ${check.traceNumber}`} data-testid="era-check-header">
      <div>
        <dt>Trace number</dt>
        <dd>{check.traceNumber}</dd>
      </div>
      <div>
        <dt>Payer</dt>
        <dd>{check.payerName}</dd>
      </div>
      <div>
        <dt>Check date</dt>
        <dd>{dateText(check.checkDate)}</dd>
      </div>
      <div>
        <dt>Total paid</dt>
        <dd>{formatCents(check.totalPaid)}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd data-testid="era-check-status">{checkStatusText(check)}</dd>
      </div>
      <div>
        <dt>Balancing</dt>
        <dd>
          {check.balanced ? (
            <span className="era__balanced">Balanced</span>
          ) : (
            <span className="era__unbalanced">{check.imbalances.map((imbalance) => imbalance.message).join(' ')}</span>
          )}
        </dd>
      </div>
      <div>
        <dt>Provider adjustments</dt>
        <dd>{providerAdjustmentsText(check)}</dd>
      </div>
    </dl>
  );
}
