import { useEffect, useState } from 'react';
import type { EraDetailSummaryReply } from '../../../contract/claimSideCalls.ts';
import { formatCents } from '../../../contract/money.ts';
import { getEraCheckSummary } from '../../api/claimSide.ts';
import { Figure, Stats } from '../../ui/Stats.tsx';

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; summary: EraDetailSummaryReply };

/**
 * The cursor check added up (Claims/getERAProfileDetailSummary): its claims by outcome, billed and
 * paid, the patient's part, interest and provider adjustments, then every adjustment reason with
 * its CARC text and every remark with its RARC text, largest first. S shows and hides it.
 */
export function EraCheckSummary({ eraCheckID, revision }: { eraCheckID: number; revision: string }) {
  const [loaded, setLoaded] = useState<{ key: string; value: Loaded }>({ key: '', value: { state: 'loading' } });
  const key = `${eraCheckID}:${revision}`;
  useEffect(() => {
    const controller = new AbortController();
    getEraCheckSummary(eraCheckID, { signal: controller.signal, silent: true, background: true }).then(
      (summary) => setLoaded({ key, value: { state: 'ready', summary } }),
      () => {
        if (!controller.signal.aborted) setLoaded({ key, value: { state: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [eraCheckID, key]);
  const value: Loaded = loaded.key === key ? loaded.value : { state: 'loading' };
  return (
    <section className="era-detail__summary" aria-label="Check summary" data-testid="era-check-summary">
      {value.state === 'loading' && <p className="muted">Adding the check up…</p>}
      {value.state === 'failed' && <p role="alert">The check's summary could not be read. Try again in a moment.</p>}
      {value.state === 'ready' && <SummaryOf summary={value.summary} />}
    </section>
  );
}

function SummaryOf({ summary }: { summary: EraDetailSummaryReply }) {
  return (
    <>
      <Stats size="compact" label={`Summary of check ${summary.traceNumber}`} testID="era-summary-figures">
        <Figure term="Claims">
          {summary.claims} ({summary.matched} matched, {summary.posted} posted, {summary.denied} denied)
        </Figure>
        <Figure term="Billed">{formatCents(summary.billed)}</Figure>
        <Figure term="Paid on claims">{formatCents(summary.paid)}</Figure>
        <Figure term="Patient responsibility">{formatCents(summary.patientResponsibility)}</Figure>
        <Figure term="Interest">{formatCents(summary.interest)}</Figure>
        <Figure term="Provider adjustments">{formatCents(summary.providerAdjustments)}</Figure>
      </Stats>
      <div className="era-detail__summary-codes">
        <table aria-label="Adjustments by reason">
          <thead>
            <tr>
              <th scope="col">Adjustment</th>
              <th scope="col">Reason (CARC)</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col" className="num">
                Lines
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.adjustments.length === 0 && (
              <tr>
                <td colSpan={4} className="muted">
                  No adjustments.
                </td>
              </tr>
            )}
            {summary.adjustments.map((adjustment) => (
              <tr key={`${adjustment.group}-${adjustment.reason}`}>
                <td>
                  {adjustment.group}-{adjustment.reason}
                </td>
                <td>
                  <span className="era-detail__code-text" title={adjustment.description ?? undefined}>
                    {adjustment.description ?? 'not in the CARC list'}
                  </span>
                </td>
                <td className="num">{formatCents(adjustment.amount)}</td>
                <td className="num">{adjustment.lines}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table aria-label="Remarks">
          <thead>
            <tr>
              <th scope="col">Remark</th>
              <th scope="col">Text (RARC)</th>
              <th scope="col" className="num">
                Times
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.remarks.length === 0 && (
              <tr>
                <td colSpan={3} className="muted">
                  No remarks.
                </td>
              </tr>
            )}
            {summary.remarks.map((remark) => (
              <tr key={remark.code}>
                <td>{remark.code}</td>
                <td>
                  <span className="era-detail__code-text" title={remark.description ?? undefined}>
                    {remark.description ?? 'not in the RARC list'}
                  </span>
                </td>
                <td className="num">{remark.lines}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
