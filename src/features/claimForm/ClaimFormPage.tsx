import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import type { ChargeBatchOptionsReply } from '../../../contract/batches.ts';
import type { ProvidersReply } from '../../../contract/claimEdit.ts';
import type { FacilityChoice, PatientCoverage } from '../../../contract/claimForm.ts';
import type { PracticeChoice } from '../../../contract/crosswalks.ts';
import { ApiError } from '../../api/apiError.ts';
import { getOpenChargeBatches } from '../../api/chargeBatchClaims.ts';
import {
  getClaimInfoData,
  getFacilities,
  getFormFee,
  getPatientInsurance,
  saveClaimForm,
  type FeePlace,
} from '../../api/claimForm.ts';
import { getProviders } from '../../api/claimInfo.ts';
import { getRevenueCodeForCpt } from '../../api/claimFormRevenue.ts';
import { getPractices } from '../../api/crosswalks.ts';
import { getSystemGlobalSearch } from '../../api/globalSearch.ts';
import { formatBinding } from '../../console/shortcuts.ts';
import { useFocusScope } from '../../console/useFocusScope.ts';
import { goTo } from '../../routing/navigation.ts';
import { watchStore } from '../../state/store.ts';
import { notify } from '../../toasts/notify.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { formatDate, localToday, parseUsDate, withUsDates } from '../../ui/format.ts';
import { claimsChanged } from '../claimDetail/claimOnScreen.ts';
import { claimRowsChanged } from '../claims/claimsGridStore.ts';
import { ChargeLinesEditor } from './ChargeLinesEditor.tsx';
import { goBackFromForm } from './claimFormBack.ts';
import { dropDraft, keepDraft, keptDraft } from './claimFormDrafts.ts';
import {
  draftChanged,
  draftFingerprint,
  draftFromClaim,
  emptyClaim,
  formErrors,
  keptChargeBatch,
  saveRequest,
  type ClaimDraft,
} from './claimFormLogic.ts';
import { PLACES_LIST_ID, PlacesOfService, ReferringOptions, useClaimFormAids } from './claimFormAids.tsx';
import { claimFormOnScreen } from './claimFormOnScreen.ts';
import { OpenMedicalCaseOffer } from '../medicalCases/OpenMedicalCaseOffer.tsx';
import { DiagnosesEditor } from './DiagnosesEditor.tsx';
import { InstitutionalSection } from './InstitutionalSection.tsx';
import { Input, Select } from './FormControls.tsx';
import { LeaveConfirm } from './LeaveConfirm.tsx';
import { SearchField, type SearchOption } from './SearchField.tsx';
import '../claimDetail/claimDetail.css';
import './claimForm.css';
import { CLAIM_FORM, claimDetailPath } from '../../routing/paths.ts';

/** A date field left: what it reads as, written MM/DD/YYYY ("11/3/26" -> "11/03/2026"); text that is no date stays as typed. */
const usDate = (typed: string) => {
  const day = parseUsDate(typed);
  return day === null ? typed : formatDate(day);
};

/** What the stored claim shows beside the fields: its status, the coverage it bills, its charge batch, the void lines the form leaves alone. */
interface Stored {
  claimStatus: string;
  coverage: { patientInsuranceID: number; label: string } | null;
  chargeBatch: { chargeBatchID: number; label: string } | null;
  voidLines: number;
}

type Loaded =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed' }
  | { state: 'ready'; readOnlyReason: string | null; stored: Stored | null };

interface PatientPlace {
  groupID: number;
  practiceID: number;
  coverages: PatientCoverage[];
}

/** The stored claim in the form (for a new claim the form starts empty); the reason it is read-only when it is. */
function useStoredDraft(claimID: number | null, onLoaded: (stored: ClaimDraft) => void): Loaded {
  const [loaded, setLoaded] = useState<Loaded>(
    claimID === null ? { state: 'ready', readOnlyReason: null, stored: null } : { state: 'loading' },
  );
  useEffect(() => {
    if (claimID === null) return;
    const controller = new AbortController();
    getClaimInfoData(claimID, { signal: controller.signal, silent: true }).then(
      (reply) => {
        onLoaded(draftFromClaim(reply));
        const { claim } = reply;
        setLoaded({
          state: 'ready',
          readOnlyReason: reply.readOnlyReason,
          stored: {
            claimStatus: claim.claimStatus,
            coverage:
              claim.patientInsuranceID === null
                ? null
                : {
                    patientInsuranceID: claim.patientInsuranceID,
                    label: `${claim.payerName ?? 'Payer'} · ${claim.subscriberID ?? ''} (as billed)`,
                  },
            chargeBatch:
              claim.chargeBatchID === null
                ? null
                : {
                    chargeBatchID: claim.chargeBatchID,
                    label: `${claim.chargeBatchNumber ?? `#${claim.chargeBatchID}`}${claim.chargeBatchOpen === false ? ' (closed: stays until you pick another)' : ''}`,
                  },
            voidLines: reply.lines.filter((line) => line.status === 'void').length,
          },
        });
      },
      (thrown: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded(thrown instanceof ApiError && thrown.status === 404 ? { state: 'missing' } : { state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [claimID, onLoaded]);
  return loaded;
}

/**
 * /app/create-claim and /app/create-claim/<claimID>: the claim form. Every field by keyboard in
 * reading order; Mod+Enter saves the whole claim in one call (one transaction on the server) and
 * opens its detail; Escape goes back. A claim that stands as sent opens read-only with the reason.
 */
export function ClaimFormPage() {
  const [path] = useLocation();
  // A form of its own for each path: a new claim after an edit starts empty.
  return <ClaimForm key={path} claimID={CLAIM_FORM.idIn(path)} />;
}

function ClaimForm({ claimID }: { claimID: number | null }) {
  // What the form opened with: a new claim dated today, or the stored claim once it is read. A
  // draft left on this form earlier in the session comes back over it.
  const [blank] = useState(() => emptyClaim(localToday()));
  const opened = useRef<{ draft: ClaimDraft; fingerprint: string | null }>({ draft: blank, fingerprint: null });
  const [restored, setRestored] = useState(() => claimID === null && keptDraft(null, null) !== null);
  const [draft, setDraftState] = useState<ClaimDraft>(() => (claimID === null ? keptDraft(null, null) : null) ?? blank);
  const setDraft = useCallback((next: ClaimDraft) => setDraftState(next), []);
  const onLoaded = useCallback(
    (stored: ClaimDraft) => {
      opened.current = { draft: stored, fingerprint: draftFingerprint(stored) };
      const back = keptDraft(claimID, opened.current.fingerprint);
      setRestored(back !== null);
      setDraftState(back ?? stored);
    },
    [claimID],
  );
  const loaded = useStoredDraft(claimID, onLoaded);
  const [providers, setProviders] = useState<ProvidersReply['providers']>([]);
  const [practices, setPractices] = useState<PracticeChoice[]>([]);
  const [facilities, setFacilities] = useState<FacilityChoice[]>([]);
  const [showErrors, setShowErrors] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const root = useRef<HTMLFormElement>(null);
  const patientInput = useRef<HTMLInputElement>(null);

  const readOnly = loaded.state === 'ready' && loaded.readOnlyReason !== null;
  useFocusScope('page', 'claim-form');
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  /** Set once the form is saved or discarded: nothing is left to keep. */
  const finished = useRef(false);

  useEffect(() => {
    claimFormOnScreen.open = true;
    return () => {
      claimFormOnScreen.open = false;
      claimFormOnScreen.editable = false;
    };
  }, []);
  useEffect(() => {
    claimFormOnScreen.editable = loaded.state === 'ready' && !readOnly;
  }, [loaded.state, readOnly]);

  useEffect(() => {
    const options = { background: true, silent: true };
    getProviders(options).then(setProviders, () => undefined);
    getPractices(options).then(
      (reply) => setPractices(reply.practices),
      () => undefined,
    );
  }, []);

  // The patient decides the group (providers), the practice (facilities, fees) and the coverages; a
  // new claim takes the primary coverage in effect on the DOS and the practice's only facility.
  const patientID = draft.patientID;
  const [placeOf, setPlaceOf] = useState<{ patientID: number; place: PatientPlace } | null>(null);
  const place = placeOf !== null && placeOf.patientID === patientID ? placeOf.place : null;
  useEffect(() => {
    if (patientID === null) return;
    const controller = new AbortController();
    const options = { signal: controller.signal, silent: true, background: true };
    getPatientInsurance(patientID, options)
      .then(async (reply) => {
        setPlaceOf({
          patientID,
          place: { groupID: reply.groupID, practiceID: reply.practiceID, coverages: reply.coverages },
        });
        const found = await getFacilities(reply.practiceID, options);
        setFacilities(found);
        if (claimID !== null) return;
        setDraftState((current) => {
          if (current.patientID !== patientID) return current;
          const dos = parseUsDate(current.dosFrom);
          const primary =
            dos === null
              ? undefined
              : reply.coverages.find(
                  (coverage) =>
                    coverage.priority === 1 &&
                    coverage.effectiveFrom <= dos &&
                    (coverage.effectiveTo === null || coverage.effectiveTo >= dos),
                );
          const only = found.length === 1 ? String(found[0]?.facilityID) : '';
          return {
            ...current,
            patientInsuranceID:
              current.patientInsuranceID === '' && primary
                ? String(primary.patientInsuranceID)
                : current.patientInsuranceID,
            facilityID: current.facilityID === '' ? only : current.facilityID,
          };
        });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [patientID, claimID]);
  const practiceID = place?.practiceID ?? null;
  const aids = useClaimFormAids(place?.groupID ?? null, patientID, setDraftState);

  // The open charge batches the claim may go in: of the patient's practice, or of the edited claim's
  // own. Reloaded when the practice may have changed; a batch picked that the new list does not
  // hold is cleared. The last list stays shown meanwhile, so the field never leaves the Tab order.
  const storedBatchID = loaded.state === 'ready' ? (loaded.stored?.chargeBatch?.chargeBatchID ?? null) : null;
  const [chargeBatches, setChargeBatches] = useState<ChargeBatchOptionsReply['batches']>([]);
  useEffect(() => {
    if (practiceID === null || patientID === null) return;
    const controller = new AbortController();
    getOpenChargeBatches(claimID === null ? { patientID } : { claimID }, {
      signal: controller.signal,
      silent: true,
      background: true,
    }).then(
      (batches) => {
        setChargeBatches(batches);
        const offered = batches.map((batch) => batch.chargeBatchID);
        setDraftState((current) => ({
          ...current,
          chargeBatchID: keptChargeBatch(current.chargeBatchID, offered, storedBatchID),
        }));
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [practiceID, patientID, claimID, storedBatchID]);

  // The cursor starts in the first field the biller fills.
  useEffect(() => {
    if (loaded.state !== 'ready') return;
    if (claimID === null) patientInput.current?.focus();
    // An edit starts on the coverage: the claim kind before it is seldom changed.
    else root.current?.querySelector<HTMLElement>('select:not([data-testid="claim-kind"])')?.focus();
    if (readOnly) root.current?.focus();
  }, [loaded.state, claimID, readOnly]);

  const errors = showErrors ? formErrors(draft) : {};
  const change =
    <K extends keyof ClaimDraft>(key: K) =>
    (value: ClaimDraft[K]) =>
      setDraftState((current) => ({ ...current, [key]: value }));

  const priceOf = useCallback(
    async (cptCode: string, modifier: string): Promise<number | null> => {
      const facilityID = draft.facilityID === '' ? null : Number(draft.facilityID);
      const patientInsuranceID = draft.patientInsuranceID === '' ? null : Number(draft.patientInsuranceID);
      const where: FeePlace | null =
        claimID !== null
          ? { claimID }
          : facilityID !== null || patientInsuranceID !== null
            ? { facilityID, patientInsuranceID }
            : null;
      // Self-pay without a facility: the server prices the line from the patient's practice when it is saved.
      if (where === null || !/^[0-9A-Z]{5}$/.test(cptCode)) return null;
      return (await getFormFee(where, cptCode, modifier, { background: true, silent: true })).feeCents;
    },
    [claimID, draft.facilityID, draft.patientInsuranceID],
  );

  const revenueOf = useCallback(
    async (cptCode: string): Promise<string | null> => {
      if (practiceID === null) return null;
      const patientInsuranceID = draft.patientInsuranceID === '' ? null : Number(draft.patientInsuranceID);
      return (await getRevenueCodeForCpt(practiceID, patientInsuranceID, cptCode, { background: true, silent: true }))
        .revenueCode;
    },
    [practiceID, draft.patientInsuranceID],
  );

  const latest = useRef({ draft, readOnly });
  useEffect(() => {
    latest.current = { draft, readOnly };
  }, [draft, readOnly]);

  // Leaving the form some other way (a shortcut, the menu) keeps what was typed for the next visit.
  useEffect(
    () => () => {
      if (finished.current) return;
      const { draft: left, readOnly: locked } = latest.current;
      if (!locked && draftChanged(left, opened.current.draft)) keepDraft(claimID, left, opened.current.fingerprint);
      else dropDraft(claimID);
    },
    [claimID],
  );

  // Escape: straight back when nothing was typed; else the biller is asked first (LeaveConfirm).
  const returnTo = useRef<HTMLElement | null>(null);
  const leave = useCallback(() => {
    const { draft: current, readOnly: locked } = latest.current;
    if (locked || !draftChanged(current, opened.current.draft)) {
      finished.current = true;
      dropDraft(claimID);
      goBackFromForm(claimID);
      return;
    }
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setConfirmingLeave(true);
  }, [claimID]);
  const keepEditing = useCallback(() => {
    setConfirmingLeave(false);
    requestAnimationFrame(() =>
      (returnTo.current?.isConnected ? returnTo.current : root.current)?.focus({ preventScroll: true }),
    );
  }, []);
  const discard = useCallback(() => {
    finished.current = true;
    dropDraft(claimID);
    goBackFromForm(claimID);
  }, [claimID]);

  // Set at once, not on the next render, so a second Mod+Enter never sends the claim twice.
  const inFlight = useRef(false);
  const save = useCallback(async () => {
    const { draft: current, readOnly: locked } = latest.current;
    if (inFlight.current || locked) return;
    const found = formErrors(current);
    setShowErrors(true);
    if (Object.keys(found).length > 0) {
      setServerError(null);
      requestAnimationFrame(() => root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    inFlight.current = true;
    setSaving(true);
    setServerError(null);
    try {
      const reply = await saveClaimForm(saveRequest(current), { silent: true, source: 'hotkey' });
      finished.current = true;
      dropDraft(claimID);
      claimRowsChanged();
      claimsChanged([reply.claimID]);
      notify.success(reply.message);
      goTo(claimDetailPath(reply.claimID));
    } catch (thrown) {
      setServerError(thrown instanceof ApiError ? thrown.message : 'The claim was not saved. Try again in a moment.');
      requestAnimationFrame(() =>
        root.current?.querySelector<HTMLElement>('.form-error')?.scrollIntoView({ block: 'nearest' }),
      );
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  }, [claimID]);

  // "Save the claim form" (Mod+Enter, or the palette) asks through the store.
  useEffect(() => {
    let seen = claimFormOnScreen.saveRequests;
    return watchStore(claimFormOnScreen, () => {
      if (claimFormOnScreen.saveRequests === seen) return;
      seen = claimFormOnScreen.saveRequests;
      void save();
    });
  }, [save]);

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.defaultPrevented) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      leave();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      // Handled here, so neither the browser's implicit submit nor the key dispatcher saves twice.
      event.preventDefault();
      void save();
    } else if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      // Enter in a plain field does not save half a claim: Mod+Enter does.
      event.preventDefault();
    }
  };

  const searchPatients = async (typed: string, signal: AbortSignal): Promise<SearchOption[]> =>
    (await getSystemGlobalSearch(typed, { signal, background: true, silent: true }))
      .filter((hit) => hit.type === 'patient')
      .map((hit) => ({ value: String(hit.id), label: hit.label, hint: withUsDates(hit.detail) }));

  const groupProviders = place ? providers.filter((provider) => provider.groupID === place.groupID) : providers;
  // The same list under rendering, referring and supervising provider.
  const providerOptions = groupProviders.map((provider) => (
    <option key={provider.providerID} value={String(provider.providerID)}>
      {provider.name} · NPI {provider.npi}
    </option>
  ));
  const practice = practices.find((row) => row.practiceID === practiceID);
  const institutional = draft.claimType === 'institutional';
  const title = claimID === null ? 'New claim' : `Edit claim ${claimID}`;
  const stored = loaded.state === 'ready' ? loaded.stored : null;

  if (loaded.state !== 'ready') {
    return (
      <div
        className="claim-form"
        role="region"
        aria-label={title}
        tabIndex={-1}
        onKeyDown={(event) => event.key === 'Escape' && goBackFromForm(claimID)}
      >
        <h1>{title}</h1>
        {loaded.state === 'loading' && <p className="muted">Loading the claim…</p>}
        {loaded.state === 'missing' && (
          <p role="alert">Claim {claimID} was not found, or it belongs to a practice outside your data role.</p>
        )}
        {loaded.state === 'failed' && <p role="alert">The claim could not be loaded. Try again in a moment.</p>}
      </div>
    );
  }

  return (
    <form
      ref={root}
      className="claim-form"
      aria-labelledby="claim-form-title"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      noValidate
    >
      <div className="claim-detail__bar">
        <h1 id="claim-form-title">{title}</h1>
        {loaded.stored && <span className="claim-detail__status">{loaded.stored.claimStatus}</span>}
        <span className="claim-detail__keys muted">
          <kbd>Tab</kbd> next field <kbd>{formatBinding('$mod+Enter').join('')}</kbd> save{' '}
          {claimID === null && (
            <>
              <kbd>{formatBinding('Alt+l').join('')}</kbd> fill from the patient's last claim{' '}
            </>
          )}
          <kbd>Esc</kbd> back
        </span>
      </div>
      {confirmingLeave && <LeaveConfirm onKeep={keepEditing} onDiscard={discard} />}
      {restored && !readOnly && (
        <p className="claim-form__restored" role="status" data-testid="draft-restored">
          The claim you were typing is back, not saved yet. <kbd>Esc</kbd> then <kbd>D</kbd> discards it.
        </p>
      )}
      {readOnly && (
        <p className="claim-form__readonly" role="status" data-testid="read-only-reason">
          Read-only: {loaded.readOnlyReason}
        </p>
      )}
      <FormError
        text={
          serverError ??
          (Object.keys(errors).length > 0
            ? `Fix the ${Object.keys(errors).length === 1 ? 'field' : `${Object.keys(errors).length} fields`} marked in red, then save again.`
            : null)
        }
      />
      {/* Not disabled while saving: that would take the cursor out of the field the biller is in. */}
      <fieldset className="claim-form__fieldset" disabled={readOnly} aria-busy={saving}>
        <section className="claim-form__section" aria-labelledby="claim-form-info">
          <h2 id="claim-form-info">Claim info</h2>
          <div className="claim-form__grid">
            {claimID === null ? (
              <SearchField
                label="Patient"
                text={draft.patientLabel}
                onText={(typed) =>
                  setDraftState((current) => ({
                    ...current,
                    patientLabel: typed,
                    patientID: null,
                    patientInsuranceID: '',
                    providerID: '',
                    facilityID: '',
                  }))
                }
                search={searchPatients}
                onPick={(option) =>
                  setDraftState((current) => ({
                    ...current,
                    patientID: Number(option.value),
                    patientLabel: `${option.label} · ${option.hint ?? ''}`,
                  }))
                }
                placeholder="Name (LAST, FIRST) or account number"
                error={errors.patient}
                inputRef={patientInput}
                className="claim-form__wide"
                testID="patient-search"
              />
            ) : (
              <Input
                label="Patient"
                value={draft.patientLabel}
                onChange={() => undefined}
                readOnly
                tabIndex={-1}
                className="claim-form__wide"
              />
            )}
            <Select
              label="Claim kind"
              value={draft.claimType}
              onChange={(value) =>
                setDraftState((current) => ({
                  ...current,
                  claimType: value === 'institutional' ? 'institutional' : 'professional',
                  // A professional claim takes 1, 7 or 8 only.
                  frequencyCode:
                    value === 'institutional' || ['1', '7', '8'].includes(current.frequencyCode)
                      ? current.frequencyCode
                      : '1',
                }))
              }
              data-testid="claim-kind"
            >
              <option value="professional">Professional · CMS-1500 (837P)</option>
              <option value="institutional">Institutional · UB-04 (837I)</option>
            </Select>
            <Select
              label="Insurance (coverage billed)"
              value={draft.patientInsuranceID}
              onChange={change('patientInsuranceID')}
              className="claim-form__wide"
            >
              <option value="">Self-pay (no insurance)</option>
              {/* The coverage the claim bills, even when it is no longer active, so the select shows the truth. */}
              {stored?.coverage &&
                !(place?.coverages ?? []).some(
                  (coverage) => coverage.patientInsuranceID === stored.coverage?.patientInsuranceID,
                ) && <option value={String(stored.coverage.patientInsuranceID)}>{stored.coverage.label}</option>}
              {(place?.coverages ?? []).map((coverage) => (
                <option key={coverage.patientInsuranceID} value={String(coverage.patientInsuranceID)}>
                  {['', 'Primary', 'Secondary', 'Tertiary'][coverage.priority] ?? `#${coverage.priority}`}:{' '}
                  {coverage.payerName} · {coverage.subscriberID} · from {formatDate(coverage.effectiveFrom)}
                  {coverage.effectiveTo ? ` to ${formatDate(coverage.effectiveTo)}` : ''}
                </option>
              ))}
            </Select>
            <Select
              label={institutional ? 'Attending physician' : 'Rendering provider'}
              value={draft.providerID}
              onChange={change('providerID')}
              error={errors.providerID}
            >
              <option value="">Pick a provider</option>
              {providerOptions}
            </Select>
            <Select
              label="Referring provider"
              value={draft.referringProviderID}
              onChange={change('referringProviderID')}
            >
              <option value="">None</option>
              <ReferringOptions
                referring={aids.referring}
                providers={groupProviders}
                value={draft.referringProviderID}
              />
            </Select>
            <Select
              label="Supervising provider"
              value={draft.supervisingProviderID}
              onChange={change('supervisingProviderID')}
            >
              <option value="">None</option>
              {providerOptions}
            </Select>
            <Select label="Facility" value={draft.facilityID} onChange={change('facilityID')}>
              <option value="">None</option>
              {facilities.map((facility) => (
                <option key={facility.facilityID} value={String(facility.facilityID)}>
                  {facility.name}
                </option>
              ))}
            </Select>
            <Input
              label="Practice"
              value={practice ? `${practice.name} (${practice.groupName})` : '—'}
              onChange={() => undefined}
              readOnly
              tabIndex={-1}
            />
            <Select label="Charge batch" value={draft.chargeBatchID} onChange={change('chargeBatchID')}>
              <option value="">No charge batch</option>
              {/* The batch the claim is in, even when closed or past the list, so the select shows the truth. */}
              {stored?.chargeBatch &&
                !chargeBatches.some((batch) => batch.chargeBatchID === stored.chargeBatch?.chargeBatchID) && (
                  <option value={String(stored.chargeBatch.chargeBatchID)}>{stored.chargeBatch.label}</option>
                )}
              {chargeBatches.map((batch) => (
                <option key={batch.chargeBatchID} value={String(batch.chargeBatchID)}>
                  {batch.batchNumber}
                  {batch.description ? ` · ${batch.description}` : ''}
                </option>
              ))}
            </Select>
            <Input
              label="Place of service"
              value={draft.posCode}
              onChange={change('posCode')}
              maxLength={2}
              placeholder="11"
              error={errors.posCode}
              list={PLACES_LIST_ID}
            />
            <PlacesOfService places={aids.places} />
            <Input
              label={institutional ? 'Statement from' : 'DOS from'}
              value={draft.dosFrom}
              onChange={(typed) =>
                setDraftState((current) => ({
                  ...current,
                  dosFrom: typed,
                  dosTo: current.dosTo === current.dosFrom ? typed : current.dosTo,
                }))
              }
              onBlur={() =>
                setDraftState((current) => ({
                  ...current,
                  dosFrom: usDate(current.dosFrom),
                  dosTo: current.dosTo === current.dosFrom ? usDate(current.dosFrom) : current.dosTo,
                }))
              }
              placeholder="MM/DD/YYYY"
              error={errors.dosFrom}
            />
            <Input
              label={institutional ? 'Statement through' : 'DOS to'}
              value={draft.dosTo}
              onChange={change('dosTo')}
              onBlur={() => setDraftState((current) => ({ ...current, dosTo: usDate(current.dosTo) }))}
              placeholder="MM/DD/YYYY"
              error={errors.dosTo}
            />
            <Select
              label="Claim frequency"
              value={draft.frequencyCode}
              onChange={(value) =>
                change('frequencyCode')(
                  ((institutional ? ['1', '7', '8', '0', '2', '3', '4', '5'] : ['1', '7', '8']).includes(value)
                    ? value
                    : '1') as ClaimDraft['frequencyCode'],
                )
              }
              error={errors.frequencyCode}
            >
              <option value="1">1 · {institutional ? 'Admit through discharge' : 'Original'}</option>
              {institutional && (
                <>
                  <option value="2">2 · Interim, first claim</option>
                  <option value="3">3 · Interim, continuing claim</option>
                  <option value="4">4 · Interim, last claim</option>
                  <option value="5">5 · Late charge only</option>
                  <option value="0">0 · Non-payment / zero claim</option>
                </>
              )}
              <option value="7">7 · Replacement</option>
              <option value="8">8 · Void</option>
            </Select>
            <Input
              label="Original claim number"
              value={draft.originalClaimNumber}
              onChange={change('originalClaimNumber')}
              disabled={draft.frequencyCode !== '7' && draft.frequencyCode !== '8'}
              error={errors.originalClaimNumber}
            />
            <Input
              label="Prior authorization"
              value={draft.priorAuthorizationNumber}
              onChange={change('priorAuthorizationNumber')}
              maxLength={50}
            />
            <Input
              label="Referral number"
              value={draft.referralNumber}
              onChange={change('referralNumber')}
              maxLength={50}
            />
          </div>
          <OpenMedicalCaseOffer
            claimID={claimID}
            practiceID={practice?.practiceID ?? null}
            patientID={draft.patientID}
            facilityID={draft.facilityID === '' ? null : Number(draft.facilityID)}
            patientInsuranceID={draft.patientInsuranceID === '' ? null : Number(draft.patientInsuranceID)}
            dosFrom={parseUsDate(draft.dosFrom)}
          />
        </section>
        <DiagnosesEditor draft={draft} onChange={setDraft} error={errors.diagnoses} disabled={readOnly} />
        {institutional && (
          <InstitutionalSection
            draft={draft}
            onChange={setDraftState}
            errors={errors}
            providerOptions={providerOptions}
          />
        )}
        {stored !== null && stored.voidLines > 0 && (
          <p className="muted claim-form__note">
            {stored.voidLines === 1 ? '1 void line stays' : `${stored.voidLines} void lines stay`} on the claim as it
            is: the expanded view lists them.
          </p>
        )}
        <ChargeLinesEditor
          draft={draft}
          onChange={setDraftState}
          errors={errors}
          disabled={readOnly}
          practiceID={practiceID}
          priceOf={priceOf}
          institutional={institutional}
          revenueOf={revenueOf}
        />
        <div className="claim-form__actions">
          <button type="submit" className="btn btn--primary" disabled={readOnly || saving}>
            {saving ? 'Saving…' : claimID === null ? 'Create claim' : 'Save claim'}
          </button>
          <span className="muted">{formatBinding('$mod+Enter').join('')} from any field</span>
        </div>
      </fieldset>
    </form>
  );
}
