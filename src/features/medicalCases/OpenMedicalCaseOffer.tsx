import { useEffect, useState } from 'react';
import type { OpenMedicalCaseReply } from '../../../contract/medicalCaseLookups.ts';
import { getOpenMedicalCaseForClaim } from '../../api/medicalCases.ts';
import { formatBinding } from '../../console/shortcuts.ts';
import { useStore } from '../../state/useStore.ts';
import { formatDate } from '../../ui/format.ts';
import { claimFormCoverage, offerOpenCase, openCaseOffer } from './openCaseOffer.ts';
import './openCaseOffer.css';

interface OfferProps {
  /** The saved claim the form edits; null for a new one (linked once saved). */
  claimID: number | null;
  /** The claim's practice, null until the patient is picked. */
  practiceID: number | null;
  patientID: number | null;
  facilityID: number | null;
  patientInsuranceID: number | null;
  /** YYYY-MM-DD, or null while the date typed is not one. */
  dosFrom: string | null;
}

/**
 * Under the claim's info: the patient's medical case open on the claim's first day, the one at
 * this facility and coverage first (MedicalCase/getOpenMedicalCaseForClaim). For a saved claim,
 * Alt+Shift+Home links it; nothing is said while the patient has none open.
 */
export function OpenMedicalCaseOffer({
  claimID,
  practiceID,
  patientID,
  facilityID,
  patientInsuranceID,
  dosFrom,
}: OfferProps) {
  const { revision } = useStore(openCaseOffer);
  const [reply, setReply] = useState<{ key: string; value: OpenMedicalCaseReply | 'failed' } | null>(null);
  const key = JSON.stringify([claimID, patientID, facilityID, patientInsuranceID, dosFrom, revision]);
  useEffect(() => {
    if (patientID === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getOpenMedicalCaseForClaim(
        {
          patientID,
          ...(facilityID === null ? {} : { facilityID }),
          ...(patientInsuranceID === null ? {} : { patientInsuranceID }),
          ...(dosFrom === null ? {} : { dosFrom }),
        },
        { signal: controller.signal, silent: true },
      ).then(
        (value) => setReply({ key, value }),
        () => !controller.signal.aborted && setReply({ key, value: 'failed' }),
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, patientID, facilityID, patientInsuranceID, dosFrom]);

  const current = patientID !== null && reply?.key === key ? reply.value : null;
  const medicalCase = current !== null && current !== 'failed' ? current.medicalCase : null;
  useEffect(() => {
    offerOpenCase(claimID !== null && medicalCase !== null ? { claimID, medicalCase } : null);
  }, [claimID, medicalCase]);
  useEffect(() => {
    claimFormCoverage(practiceID === null ? null : { practiceID, patientInsuranceID });
  }, [practiceID, patientInsuranceID]);
  useEffect(
    () => () => {
      offerOpenCase(null);
      claimFormCoverage(null);
    },
    [],
  );

  if (current === null || current === 'failed' || medicalCase === null) return null;
  const matches = [medicalCase.sameFacility ? 'this facility' : null, medicalCase.sameCoverage ? 'this coverage' : null]
    .filter(Boolean)
    .join(' and ');
  return (
    <p className="open-case-offer" role="status" data-testid="open-medical-case">
      Open medical case: <strong>{medicalCase.name}</strong> ({medicalCase.caseType}) since{' '}
      {formatDate(medicalCase.startDate)}, {medicalCase.claimCount} claim{medicalCase.claimCount === 1 ? '' : 's'}
      {matches ? `, with claims at ${matches}` : ''}
      {current.openCount > 1 ? ` (${current.openCount} open)` : ''}.{' '}
      {claimID === null ? (
        <span className="muted">Save the claim, then link it to the case.</span>
      ) : (
        <span className="muted">
          <kbd>{formatBinding('Alt+Shift+Home').join('')}</kbd> links the claim to it.
        </span>
      )}
    </p>
  );
}
