/**
 * AddEditClaim/editClaim: the claim's own fields, its diagnoses and its charge batch. Providers and
 * the facility must belong to the claim's group (a provider of another group would bill under the
 * wrong NPI), the charge batch must be an open one of its practice; the diagnoses replace the list
 * in the order given. One transaction, one DNA event naming the fields. The charge batch is not on
 * the bill: changing only it leaves the scrub result alone and is allowed on a claim already sent.
 */
import type { EditClaimInput, EditClaimReply } from '../../../contract/claimEdit.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { checkChargeBatch } from './claimChargeBatch.ts';
import {
  endedClaimReason,
  lockEditableClaim,
  needsScrubAgain,
  recordClaimEvent,
  settledClaimReason,
  type EditableClaim,
} from './claimEditing.ts';

/** Request field -> claims column, for the plain fields. */
const COLUMNS = {
  posCode: 'pos_code',
  providerID: 'provider_id',
  referringProviderID: 'referring_provider_id',
  supervisingProviderID: 'supervising_provider_id',
  facilityID: 'facility_id',
  referralNumber: 'referral_number',
  priorAuthorizationNumber: 'prior_authorization_number',
  frequencyCode: 'frequency_code',
  originalClaimNumber: 'original_claim_number',
  dosFrom: 'dos_from',
  dosTo: 'dos_to',
  chargeBatchID: 'charge_batch_id',
} as const satisfies Partial<Record<keyof EditClaimInput, string>>;
type PlainField = keyof typeof COLUMNS;

async function checkReferences(
  q: Queryable,
  scope: DataScope,
  claim: EditableClaim,
  input: EditClaimInput,
): Promise<void> {
  if (input.chargeBatchID !== undefined && input.chargeBatchID !== null)
    await checkChargeBatch(q, scope, claim, input.chargeBatchID);
  for (const field of ['providerID', 'referringProviderID', 'supervisingProviderID'] as const) {
    const providerID = input[field];
    if (providerID === undefined || providerID === null) continue;
    const [found] = await q.query('SELECT 1 FROM providers WHERE provider_id = $1 AND group_id = $2 AND active', [
      providerID,
      claim.groupID,
    ]);
    if (!found) throw new BadRequestError(`Provider ${providerID} is not an active provider of the claim's group.`);
  }
  if (input.facilityID !== undefined && input.facilityID !== null) {
    const [found] = await q.query('SELECT 1 FROM facilities WHERE facility_id = $1 AND practice_id = $2 AND active', [
      input.facilityID,
      claim.practiceID,
    ]);
    if (!found)
      throw new BadRequestError(`Facility ${input.facilityID} is not an active facility of the claim's practice.`);
  }
  if (input.posCode !== undefined) {
    const [found] = await q.query('SELECT 1 FROM place_of_service WHERE code = $1', [input.posCode]);
    if (!found) throw new BadRequestError(`Place of service ${input.posCode} is not in the code list.`);
  }
  const from = input.dosFrom ?? claim.dosFrom;
  const to = input.dosTo ?? claim.dosTo;
  if (to < from) throw new BadRequestError('The last date of service is before the first.');
}

export async function editClaimInfo(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: EditClaimInput,
  now: Date,
): Promise<EditClaimReply> {
  return db.transaction(async (tx) => {
    const billed = (Object.keys(input) as (keyof EditClaimInput)[]).some(
      (field) => field !== 'claimID' && field !== 'chargeBatchID' && input[field] !== undefined,
    );
    const claim = await lockEditableClaim(tx, scope, input.claimID, billed ? settledClaimReason : endedClaimReason);
    await checkReferences(tx, scope, claim, input);
    const fields = (Object.keys(COLUMNS) as PlainField[]).filter((field) => input[field] !== undefined);
    if (fields.length > 0) {
      const values = fields.map((field) => input[field] ?? null);
      const sets = fields.map((field, index) => `${COLUMNS[field]} = $${index + 3}`);
      await tx.query(`UPDATE claims SET ${sets.join(', ')}, updated_at = $2 WHERE claim_id = $1`, [
        claim.claimID,
        now,
        ...values,
      ]);
    }
    const changed: string[] = [...fields];
    if (input.icds) {
      await tx.query('DELETE FROM claim_diagnoses WHERE claim_id = $1', [claim.claimID]);
      await tx.query(
        'INSERT INTO claim_diagnoses (claim_id, sequence, icd_code) SELECT $1, s, c FROM unnest($2::text[]) WITH ORDINALITY AS d (c, s)',
        [claim.claimID, input.icds],
      );
      changed.push('icds');
    }
    if (billed) await needsScrubAgain(tx, claim.claimID, now);
    const { claimID, ...values } = input;
    await recordClaimEvent(tx, actor, claimID, 'claim edited', { fields: changed, values }, now);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'claims.edit',
      recordType: 'claim',
      recordId: claimID,
      source: actor.source,
      ip: actor.ip,
      detail: { fields: changed },
    });
    return { message: 'Claim updated.', claimID, changed };
  });
}
