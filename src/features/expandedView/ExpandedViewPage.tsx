import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { ClaimEvent } from '../../../contract/claimDNA.ts';
import type { ClaimFinancialReply } from '../../../contract/claimFinancial.ts';
import type { ClaimInfoReply } from '../../../contract/claimForm.ts';
import type { ClaimNote } from '../../../contract/claimNotes.ts';
import type { BillingSummaryReply, ScrubResponseReply } from '../../../contract/claimSideCalls.ts';
import type { ClaimTask } from '../../../contract/tasks.ts';
import { ApiError } from '../../api/apiError.ts';
import { getClaimDNA } from '../../api/claimEdit.ts';
import { getClaimInfoData } from '../../api/claimForm.ts';
import { getBillingSummary, getScrubResponse } from '../../api/claimSide.ts';
import { getClaimNotes, getClaimTasks } from '../../api/workQueue.ts';
import { getClaimFinancial } from '../../api/writeOff.ts';
import { showRecord } from '../../console/focus.ts';
import { formatDate, formatDateRange } from '../../ui/format.ts';
import { HISTORY_COLUMNS } from '../claimDetail/claimHistory.tsx';
import { FINDING_COLUMNS, findingCounts } from '../claimDetail/findingColumns.tsx';
import { goBackFromForm } from '../claimForm/claimFormBack.ts';
import { icdWithDot } from '../panes/billingText.ts';
import { Money } from '../panes/Money.tsx';
import { FIGURE_COLUMNS, figureRows, LINE_COLUMNS, NOTE_COLUMNS, TASK_COLUMNS } from './expandedColumns.tsx';
import { StaticTable } from './StaticTable.tsx';
import '../claimDetail/claimDetail.css';
import './expandedView.css';
import { EXPANDED_VIEW } from '../../routing/paths.ts';

interface Everything {
  info: ClaimInfoReply;
  scrub: ScrubResponseReply | null;
  billing: BillingSummaryReply | null;
  financial: ClaimFinancialReply | null;
  notes: ClaimNote[];
  tasks: ClaimTask[];
  history: ClaimEvent[];
}

type Loaded = { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; all: Everything };

function useEverything(claimID: number | null): Loaded {
  const [loaded, setLoaded] = useState<{ claimID: number | null; value: Loaded }>({
    claimID: null,
    value: { state: 'loading' },
  });
  useEffect(() => {
    if (claimID === null) return;
    const controller = new AbortController();
    const options = { signal: controller.signal, silent: true };
    // The side facts are not worth failing the page for: a section says so instead.
    const optional = <T,>(promise: Promise<T>, fallback: T) => promise.catch(() => fallback);
    Promise.all([
      getClaimInfoData(claimID, options),
      optional<ScrubResponseReply | null>(getScrubResponse(claimID, options), null),
      optional<BillingSummaryReply | null>(getBillingSummary(claimID, options), null),
      optional<ClaimFinancialReply | null>(getClaimFinancial(claimID, options), null),
      optional(getClaimNotes(claimID, options), []),
      optional(getClaimTasks(claimID, options), []),
      optional(
        getClaimDNA(claimID, options).then((reply) => [...reply.events].reverse()),
        [],
      ),
    ]).then(
      ([info, scrub, billing, financial, notes, tasks, history]) =>
        setLoaded({
          claimID,
          value: { state: 'ready', all: { info, scrub, billing, financial, notes, tasks, history } },
        }),
      (thrown: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({
          claimID,
          value: thrown instanceof ApiError && thrown.status === 404 ? { state: 'missing' } : { state: 'failed' },
        });
      },
    );
    return () => controller.abort();
  }, [claimID]);
  if (claimID === null) return { state: 'missing' };
  return loaded.claimID === claimID ? loaded.value : { state: 'loading' };
}

function Facts({ facts }: { facts: readonly [string, ReactNode][] }) {
  return (
    <dl className="expanded__facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({
  title,
  children,
  testID,
  narrow,
}: {
  title: ReactNode;
  children: ReactNode;
  testID?: string;
  narrow?: boolean;
}) {
  return (
    <section
      className={narrow ? 'expanded__section expanded__section--narrow' : 'expanded__section'}
      data-testid={testID}
    >
      <h2>{title}</h2>
      {children}
    </section>
  );
}

const FREQUENCIES: Record<string, string> = { '1': '1 · Original', '7': '7 · Replacement', '8': '8 · Void' };
const RELATIONS: Record<string, string> = { '18': 'Self', '01': 'Spouse', '19': 'Child', G8: 'Other' };

/** Who bills whom, as the 837 will say it (Claims/getClaimDetailSummaryBillingData). */
function BillingFacts({ billing }: { billing: BillingSummaryReply | null }) {
  if (billing === null) return <p className="muted expanded__empty">The billing summary could not be loaded.</p>;
  const party = (value: { name: string | null; npi: string | null } | null) =>
    value === null ? '—' : `${value.name ?? '—'}${value.npi ? ` · NPI ${value.npi}` : ''}`;
  return (
    <Facts
      facts={[
        ['Billing provider', party(billing.billingProvider)],
        ['Tax ID', billing.billingProvider.taxID ?? '—'],
        ['Billing address', billing.billingProvider.address ?? '—'],
        ['Bills', billing.payer ? `${billing.payer.name} as ${billing.payer.responsibility}` : 'Self-pay'],
        ['Payer ID', billing.payer?.payerID ?? '—'],
        ['Subscriber', billing.subscriber?.name ?? '—'],
        ['Member ID', billing.subscriber?.memberID ?? '—'],
        ['Relationship', billing.subscriber?.relationship ?? '—'],
        ['Rendering', party(billing.renderingProvider)],
        ['Referring', party(billing.referringProvider)],
        ['Supervising', party(billing.supervisingProvider)],
        ['Service facility', party(billing.facility)],
        ['Form', billing.kind === 'institutional' ? '837I / UB-04' : '837P / CMS-1500'],
      ]}
    />
  );
}

function ClaimSheet({ all }: { all: Everything }) {
  const { claim } = all.info;
  const findings = all.scrub?.findings ?? [];
  const person = (name: string | null, npi?: string) => (name === null ? '—' : npi ? `${name} · NPI ${npi}` : name);
  return (
    <>
      <Section title="Claim" testID="expanded-claim">
        <Facts
          facts={[
            ['Patient', claim.patientName],
            ['Account', claim.accountNumber],
            ['DOB', formatDate(claim.dateOfBirth)],
            ['DOS', formatDateRange(claim.dosFrom, claim.dosTo)],
            ['Payer', claim.payerName ?? 'Self-pay'],
            ['Subscriber ID', claim.subscriberID ?? '—'],
            [
              'Relation',
              claim.subscriberRelation ? (RELATIONS[claim.subscriberRelation] ?? claim.subscriberRelation) : '—',
            ],
            ['Claim type', claim.claimType],
            ['Group', claim.groupName],
            ['Practice', claim.practiceName],
            ['Charge batch', claim.chargeBatchNumber ?? '—'],
            ['Facility', claim.facilityName ?? '—'],
            ['POS', claim.posCode ? `${claim.posCode} ${claim.posName ?? ''}` : '—'],
            ['Rendering provider', person(claim.providerName, claim.providerNpi)],
            ['Referring provider', person(claim.referringProviderName)],
            ['Supervising provider', person(claim.supervisingProviderName)],
            ['Assigned to', claim.assignedUserName ?? '—'],
            ['Frequency', FREQUENCIES[claim.frequencyCode] ?? claim.frequencyCode],
            ['Original claim #', claim.originalClaimNumber ?? '—'],
            ['Prior authorization', claim.priorAuthorizationNumber ?? '—'],
            ['Referral #', claim.referralNumber ?? '—'],
            ['Claim status', claim.claimStatus],
            ['Scrub status', claim.scrubStatus],
            ['Submit status', claim.submitStatus],
            [
              'Total / balance',
              <>
                <Money cents={claim.totalCharges} /> / <Money cents={claim.balance} />
              </>,
            ],
          ]}
        />
      </Section>
      <Section title="Billing (as the claim file says it)" testID="expanded-billing">
        <BillingFacts billing={all.billing} />
      </Section>
      <Section title="Diagnoses">
        {all.info.diagnoses.length === 0 ? (
          <p className="muted expanded__empty">No diagnoses.</p>
        ) : (
          <ol className="expanded__diagnoses">
            {all.info.diagnoses.map((diagnosis) => (
              <li key={diagnosis.sequence}>
                <span className="claim-detail__pointer">{diagnosis.sequence}</span>{' '}
                <strong>{icdWithDot(diagnosis.code)}</strong>{' '}
                {diagnosis.description ?? 'not in the ICD-10-CM list of the DOS year'}
              </li>
            ))}
          </ol>
        )}
      </Section>
      <Section title="Charge lines" testID="expanded-lines">
        <StaticTable
          label="Charge lines"
          columns={LINE_COLUMNS}
          rows={all.info.lines}
          rowKey={(line) => line.chargeID}
          empty="No charge lines."
        />
      </Section>
      <Section
        title={
          <>
            Scrub findings <span className="muted">{findings.length === 0 ? '' : findingCounts(findings)}</span>
            {all.scrub?.scrubbedAt ? (
              <span className="muted">
                {' '}
                scrubbed {formatDate(all.scrub.scrubbedAt.slice(0, 10))}
                {all.scrub.scrubbedBy === null ? '' : ` by ${all.scrub.scrubbedBy}`}
              </span>
            ) : null}
          </>
        }
      >
        <StaticTable
          label="Scrub findings"
          columns={FINDING_COLUMNS}
          rows={findings}
          rowKey={(finding) => `${finding.ruleID}:${finding.field}`}
          empty={claim.scrubStatus === 'Not Scrubbed' ? 'Not scrubbed since the last change.' : 'No findings.'}
        />
      </Section>
      <Section title="Financial summary" testID="expanded-financial" narrow>
        {all.financial === null ? (
          <p className="muted expanded__empty">The financial summary could not be loaded.</p>
        ) : (
          <>
            <StaticTable
              label="Financial summary"
              columns={FIGURE_COLUMNS}
              rows={figureRows(all.financial.totals)}
              rowKey={(row) => row.key}
              empty=""
            />
            {!all.financial.balanced && <p className="expanded__problem">{all.financial.problems.join(' ')}</p>}
          </>
        )}
      </Section>
      <Section title="Notes">
        <StaticTable
          label="Notes"
          columns={NOTE_COLUMNS}
          rows={all.notes}
          rowKey={(note) => note.noteID}
          empty="No notes."
        />
      </Section>
      <Section title="Tasks">
        <StaticTable
          label="Tasks"
          columns={TASK_COLUMNS}
          rows={all.tasks}
          rowKey={(task) => task.taskID}
          empty="No tasks."
        />
      </Section>
      <Section title="History (DNA log)">
        <StaticTable
          label="History"
          columns={HISTORY_COLUMNS}
          rows={all.history}
          rowKey={(event) => event.claimEventID}
          empty="No changes recorded yet."
        />
      </Section>
    </>
  );
}

/**
 * /app/expanded-view/<claimID>: the whole claim on one page, every section open, laid out to read
 * (and print) like a sheet. The page holds the keyboard: arrows and Page Up/Down scroll it,
 * Escape goes back; the claim's commands (edit in the form, print) work from here.
 */
export function ExpandedViewPage() {
  const [path] = useLocation();
  const claimID = EXPANDED_VIEW.idIn(path);
  const loaded = useEverything(claimID);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => (claimID === null ? undefined : showRecord('claim', claimID)), [claimID]);
  useEffect(() => {
    root.current?.focus();
  }, [loaded.state]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      goBackFromForm(claimID);
    }
  };

  return (
    <div
      ref={root}
      className="expanded"
      role="document"
      tabIndex={0}
      onKeyDown={onKeyDown}
      aria-labelledby="expanded-title"
      data-testid="expanded-view"
    >
      <div className="claim-detail__bar">
        <h1 id="expanded-title">Claim {claimID ?? ''} · expanded view</h1>
        {loaded.state === 'ready' && <span className="claim-detail__status">{loaded.all.info.claim.claimStatus}</span>}
        <span className="claim-detail__keys muted">
          <kbd>↑</kbd>
          <kbd>↓</kbd> <kbd>PgUp</kbd>
          <kbd>PgDn</kbd> scroll <kbd>Esc</kbd> back
        </span>
      </div>
      {loaded.state === 'loading' && <p className="muted">Loading the claim…</p>}
      {loaded.state === 'missing' && (
        <p role="alert">Claim {claimID ?? ''} was not found, or it belongs to a practice outside your data role.</p>
      )}
      {loaded.state === 'failed' && <p role="alert">The claim could not be loaded. Try again in a moment.</p>}
      {loaded.state === 'ready' && <ClaimSheet all={loaded.all} />}
    </div>
  );
}
