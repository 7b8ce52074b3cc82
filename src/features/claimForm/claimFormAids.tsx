/**
 * What the claim form takes from the calls beside it: the group's referring providers for the
 * referring provider (Repository/getReferringProvider), the places of service offered as the
 * biller types one (getLookupDropowns), and "Fill from the patient's last claim"
 * (getAutoPopulateClaimsData), which fills only the fields still empty.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReferringProvidersReply } from '../../../contract/claimSideCalls.ts';
import { getAutoPopulateClaim, getLookupDropdowns, getReferringProviders } from '../../api/claimSide.ts';
import { watchStore } from '../../state/store.ts';
import { notify } from '../../toasts/notify.tsx';
import { formatDate } from '../../ui/format.ts';
import type { ClaimDraft } from './claimFormLogic.ts';
import { claimFormOnScreen } from './claimFormOnScreen.ts';
import { filledFromLastClaim } from './fillFromLastClaim.ts';

type Referring = ReferringProvidersReply['providers'];
interface ProviderOption {
  providerID: number;
  name: string;
  npi: string;
}

export const PLACES_LIST_ID = 'claim-form-places';

export function useClaimFormAids(
  groupID: number | null,
  patientID: number | null,
  setDraft: (update: (current: ClaimDraft) => ClaimDraft) => void,
): { referring: Referring; places: { value: string; label: string }[] } {
  const [places, setPlaces] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    getLookupDropdowns({ background: true, silent: true }).then(
      (lists) => setPlaces(lists.placesOfService),
      () => undefined,
    );
  }, []);

  const [referring, setReferring] = useState<{ groupID: number; providers: Referring } | null>(null);
  useEffect(() => {
    if (groupID === null) return;
    const controller = new AbortController();
    getReferringProviders(groupID, { signal: controller.signal, silent: true, background: true }).then(
      (reply) => setReferring({ groupID, providers: reply.providers }),
      () => undefined,
    );
    return () => controller.abort();
  }, [groupID]);

  const patient = useRef(patientID);
  const update = useRef(setDraft);
  useEffect(() => {
    patient.current = patientID;
    update.current = setDraft;
  }, [patientID, setDraft]);
  useEffect(() => {
    let seen = claimFormOnScreen.fillRequests;
    return watchStore(claimFormOnScreen, () => {
      if (claimFormOnScreen.fillRequests === seen) return;
      seen = claimFormOnScreen.fillRequests;
      const picked = patient.current;
      if (picked === null) {
        notify.warning("Pick the patient first: the form fills from the patient's last claim.");
        return;
      }
      getAutoPopulateClaim(picked, { source: 'hotkey' }).then(
        (last) => {
          if (last.fromClaimID === null) {
            notify.info('The patient has no claim to fill from yet.');
            return;
          }
          update.current((current) => (current.patientID === picked ? filledFromLastClaim(current, last) : current));
          notify.success(
            `Filled from claim ${last.fromClaimID}${last.fromDos ? ` (${formatDate(last.fromDos)})` : ''}: check the fields before saving.`,
          );
        },
        () => undefined,
      );
    });
  }, []);

  return { referring: referring !== null && referring.groupID === groupID ? referring.providers : [], places };
}

/** The referring provider's options: the group's referring providers, and one kept on the claim that no longer is. */
export function ReferringOptions({
  referring,
  providers,
  value,
}: {
  referring: readonly ProviderOption[];
  providers: readonly ProviderOption[];
  value: string;
}) {
  const kept =
    value !== '' && !referring.some((provider) => String(provider.providerID) === value)
      ? providers.filter((provider) => String(provider.providerID) === value)
      : [];
  return (
    <>
      {[...referring, ...kept].map((provider) => (
        <option key={provider.providerID} value={String(provider.providerID)}>
          {provider.name} · NPI {provider.npi}
        </option>
      ))}
    </>
  );
}

/** The places of service a typed code is picked from. */
export function PlacesOfService({ places }: { places: readonly { value: string; label: string }[] }) {
  return (
    <datalist id={PLACES_LIST_ID}>
      {places.map((place) => (
        <option key={place.value} value={place.value}>
          {place.label}
        </option>
      ))}
    </datalist>
  );
}
