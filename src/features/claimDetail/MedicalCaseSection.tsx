import { useCallback, useState, type KeyboardEvent } from 'react';
import type { MedicalCaseClaim, MedicalCaseDetail } from '../../../contract/medicalCases.ts';
import type { CallOptions } from '../../api/client.ts';
import { getMedicalCaseDetail } from '../../api/medicalCases.ts';
import { runCommand } from '../../console/registry.ts';
import { goTo } from '../../routing/navigation.ts';
import { formatDate } from '../../ui/format.ts';
import { Money } from '../panes/Money.tsx';
import { RowList, type RowColumn } from '../../ui/RowList.tsx';
import { claimDetailPath } from '../../routing/paths.ts';
import { sectionKeyUsed } from './claimSections.ts';
import { useSectionData } from './useSectionData.ts';
import { useSectionFocus } from './useSectionFocus.ts';

export const MEDICAL_CASE_FAILED = 'Error in Fetching Medical Case Data';

const loadCase = (claimID: number, options: CallOptions) => getMedicalCaseDetail({ claimID }, options);

const CLAIM_COLUMNS: readonly RowColumn<MedicalCaseClaim>[] = [
  { id: 'claim', title: 'Claim', render: (claim) => claim.claimID },
  { id: 'dos', title: 'DOS', render: (claim) => formatDate(claim.dosFrom) },
  { id: 'status', title: 'Status', render: (claim) => claim.claimStatus },
  { id: 'total', title: 'Total', align: 'right', render: (claim) => <Money cents={claim.totalCents} /> },
  { id: 'balance', title: 'Balance', align: 'right', render: (claim) => <Money cents={claim.balanceCents} /> },
];

/** The section's own keys: the medical-case commands of the palette, on this claim. */
const KEY_COMMANDS: Readonly<Record<string, string>> = {
  l: 'claims.linkMedicalCase',
  n: 'claims.newMedicalCase',
  u: 'claims.unlinkMedicalCase',
  c: 'claims.editMedicalCase',
  x: 'claims.deleteMedicalCase',
  a: 'claims.addClaimsToMedicalCase',
  o: 'claims.linkOpenMedicalCase',
};

function CaseFacts({ medicalCase }: { medicalCase: MedicalCaseDetail }) {
  return (
    <dl className="claim-detail__case">
      <div>
        <dt>Case</dt>
        <dd>
          {medicalCase.name} <span className="muted">#{medicalCase.medicalCaseID}</span>
        </dd>
      </div>
      <div>
        <dt>Type</dt>
        <dd>{medicalCase.caseType}</dd>
      </div>
      <div>
        <dt>Dates</dt>
        <dd>
          {formatDate(medicalCase.startDate)} –{' '}
          {medicalCase.endDate === null ? 'open' : formatDate(medicalCase.endDate)}
        </dd>
      </div>
      <div>
        <dt>Claims in case</dt>
        <dd>{medicalCase.claimCount}</dd>
      </div>
    </dl>
  );
}

/**
 * The medical case the claim is linked to, with the case's claims (Enter opens one). Keys: L link
 * to a case, O link to the patient's open case, A add the patient's other claims, N new case,
 * U unlink, C change the case, X delete a case of the patient.
 */
export function MedicalCaseSection({ claimID }: { claimID: number }) {
  const data = useSectionData(claimID, 'medicalCase', loadCase);
  const [row, setRow] = useState(0);
  const ref = useSectionFocus('medicalCase', data.state !== 'loading');
  const medicalCase = data.state === 'ready' ? data.value : null;

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const commandID = KEY_COMMANDS[event.key];
    if (commandID === undefined) return;
    event.preventDefault();
    sectionKeyUsed('medicalCase');
    void runCommand(commandID, 'hotkey');
  }, []);

  return (
    <section
      ref={ref}
      className="claim-detail__section claim-detail__section--grow"
      aria-label="Medical case"
      onKeyDown={onKeyDown}
      tabIndex={-1}
    >
      <h2>
        Medical case
        <span className="claim-detail__section-keys muted">
          <kbd>L</kbd> link <kbd>O</kbd> open case <kbd>A</kbd> add claims <kbd>N</kbd> new <kbd>U</kbd> unlink{' '}
          <kbd>C</kbd> change <kbd>X</kbd> delete
        </span>
      </h2>
      {data.state === 'loading' && <p className="claim-detail__note muted">Loading the medical case…</p>}
      {data.state === 'failed' && (
        <p className="claim-detail__note" role="alert">
          {MEDICAL_CASE_FAILED}
          {data.reason ? `: ${data.reason}` : ''}
        </p>
      )}
      {data.state === 'ready' && medicalCase === null && (
        <p className="claim-detail__note muted" data-pane-focus tabIndex={0}>
          Not in a medical case. <kbd>O</kbd> links it to the patient’s open case, <kbd>L</kbd> to one of their cases,{' '}
          <kbd>N</kbd> starts a new one.
        </p>
      )}
      {medicalCase && (
        <>
          <CaseFacts medicalCase={medicalCase} />
          <RowList
            label="Claims in the medical case"
            columns={CLAIM_COLUMNS}
            rows={medicalCase.claims}
            rowKey={(claim) => claim.claimID}
            active={row}
            onActiveChange={setRow}
            onOpen={(claim) => goTo(claimDetailPath(claim.claimID))}
            rowClassName={(claim) => (claim.claimID === claimID ? 'row--this-claim' : undefined)}
            empty="No claim is linked to the case."
          />
        </>
      )}
    </section>
  );
}
