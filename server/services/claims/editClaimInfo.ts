/**
 * AddEditClaim/editClaim: the claim's own fields and its diagnoses. Providers and the facility must
 * belong to the claim's group (a provider of another group would bill under the wrong NPI); the
 * diagnoses replace the list in the order given. One transaction, one DNA event naming the fields.
 */
import type { EditClaimInput, EditClaimReply } from '../../../contract/claimEdit.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { lockEditableClaim, needsScrubAgain, recordClaimEvent, type EditableClaim } from './claimEditing.ts';

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
} as const satisfies Partial<Record<keyof EditClaimInput, string>>;
type PlainField = keyof typeof COLUMNS;

async function checkReferences(q: Queryable, claim: EditableClaim, input: EditClaimInput): Promise<void> {
  for (const field of ['providerID', 'referringProviderID', 'supervisingProviderID'] as const) {
    const providerID = input[field];
    if (providerID === undefined || providerID === null) continue;
    const [found] = await q.query('SELECT 1 FROM providers WHERE provider_id = $1 AND group_id = $2 AND active', [providerID, claim.groupID]);
    if (!found) throw new BadRequestError(`Provider ${providerID} is not an active provider of the claim's group.`);
  }
  if (input.facilityID !== undefined && input.facilityID !== null) {
    const [found] = await q.query('SELECT 1 FROM facilities WHERE facility_id = $1 AND practice_id = $2 AND active', [input.facilityID, claim.practiceID]);
    if (!found) throw new BadRequestError(`Facility ${input.facilityID} is not an active facility of the claim's practice.`);
  }
  if (input.posCode !== undefined) {
    const [found] = await q.query('SELECT 1 FROM place_of_service WHERE code = $1', [input.posCode]);
    if (!found) throw new BadRequestError(`Place of service ${input.posCode} is not in the code list.`);
  }
  const from = input.dosFrom ?? claim.dosFrom;
  const to = input.dosTo ?? claim.dosTo;
  if (to < from) throw new BadRequestError('The last date of service is before the first.');
}

export async function editClaimInfo(db: Db, actor: Actor, scope: DataScope, input: EditClaimInput, now: Date): Promise<EditClaimReply> {
  return db.transaction(async (tx) => {
    const claim = await lockEditableClaim(tx, scope, input.claimID);
    await checkReferences(tx, claim, input);
    const fields = (Object.keys(COLUMNS) as PlainField[]).filter((field) => input[field] !== undefined);
    if (fields.length > 0) {
      const values = fields.map((field) => input[field] ?? null);
      const sets = fields.map((field, index) => `${COLUMNS[field]} = $${index + 2}`);
      await tx.query(`UPDATE claims SET ${sets.join(', ')} WHERE claim_id = $1`, [claim.claimID, ...values]);
    }
    const changed: string[] = [...fields];
    if (input.icds) {
      await tx.query('DELETE FROM claim_diagnoses WHERE claim_id = $1', [claim.claimID]);
      await tx.query('INSERT INTO claim_diagnoses (claim_id, sequence, icd_code) SELECT $1, s, c FROM unnest($2::text[]) WITH ORDINALITY AS d (c, s)', [claim.claimID, input.icds]);
      changed.push('icds');
    }
    await needsScrubAgain(tx, claim.claimID, now);
    const { claimID, ...values } = input;
    await recordClaimEvent(tx, actor, claimID, 'claim edited', { fields: changed, values }, now);
    await writeAudit(tx, { userId: actor.userId, action: 'claims.edit', recordType: 'claim', recordId: claimID, source: actor.source, ip: actor.ip, detail: { fields: changed } });
    return { message: 'Claim updated.', claimID, changed };
  });
}
