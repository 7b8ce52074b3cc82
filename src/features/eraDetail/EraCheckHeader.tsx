import { formatCents } from '../../../contract/money.ts';
import { Figure, Stats } from '../../ui/Stats.tsx';
import type { EraDetailCheck } from './eraDetailOnScreen.ts';
import { checkStatusText, dateText, providerAdjustmentsText } from './eraDetailText.ts';

/** One check of the file: who paid, when, how much, and whether its figures add up. */
export function EraCheckHeader({ check, current }: { check: EraDetailCheck; current: boolean }) {
  return (
    <Stats
      size="compact"
      className={current ? 'era-detail__check is-current' : 'era-detail__check'}
      label={`Check ${check.traceNumber}`}
      testID="era-check-header"
    >
      <Figure term="Trace number">{check.traceNumber}</Figure>
      <Figure term="Payer">{check.payerName}</Figure>
      <Figure term="Check date">{dateText(check.checkDate)}</Figure>
      <Figure term="Total paid">{formatCents(check.totalPaid)}</Figure>
      <Figure term="Status" testID="era-check-status">
        {checkStatusText(check)}
      </Figure>
      <Figure term="Balancing">
        {check.balanced ? (
          <span className="era__balanced">Balanced</span>
        ) : (
          <span className="era__unbalanced">{check.imbalances.map((imbalance) => imbalance.message).join(' ')}</span>
        )}
      </Figure>
      <Figure term="Provider adjustments">{providerAdjustmentsText(check)}</Figure>
    </Stats>
  );
}
