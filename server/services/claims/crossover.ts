/**
 * AddEditClaim/createCrossoverClaim and getCrossoverClaimType: once the primary payer has answered
 * a claim, the same visit is billed to the patient's next coverage. The crossover keeps the
 * original's line numbers and codes, because the loader places the primary's adjudication (read
 * from its remits on the original: posted ERA claims and keyed EOBs that still stand) on the
 * crossover's lines by line number and code: that is what the scrubber's
 * PRIMARY_ADJUDICATION_REQUIRED and the 837's COB loops read. When the next payer is Medicare, the
 * reply and the claim's history say which Medicare secondary payer type its 837 will carry, and why.
 */
import type { CreateCrossoverReply, CrossoverTypeReply } from '../../../contract/crossover.ts';
import { CLAIM_STATUS, SCRUB_STATUS, SUBMIT_STATUS } from '../../../contract/claimStatus.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import type { MedicareSecondaryChoice } from './billingClaim.ts';
import { recordClaimEvent } from './claimEditing.ts';
import { lockedMonth } from './chargeStatusWrites.ts';
import { loadBillingClaims } from './loadBillingClaims.ts';

interface Original {
  claimID: number;
  groupID: number;
  practiceID: number;
  patientID: number;
  claimStatusID: number;
  dosFrom: string;
  priority: number | null;
  adjudicated: boolean;
}

interface NextCoverage {
  patientInsuranceID: number;
  insuranceID: number;
  priority: number;
  payerName: string;
}

interface CrossoverPlan {
  original: Original;
  next: NextCoverage | null;
  existingCrossoverClaimID: number | null;
  refusal: string | null;
}

/** Statuses that say the primary payer has answered, even before its ERA is posted. */
const ANSWERED_STATUSES = [
  CLAIM_STATUS.paid,
  CLAIM_STATUS.partiallyPaid,
  CLAIM_STATUS.patientBalance,
  CLAIM_STATUS.denied,
];

const rankOf = (priority: number): 'secondary' | 'tertiary' => (priority === 2 ? 'secondary' : 'tertiary');

/** What a biller is told of the Medicare secondary payer type a crossover to Medicare will be billed with. */
function medicareSecondaryNote(choice: MedicareSecondaryChoice): string {
  return choice.code === null
    ? ` No Medicare secondary payer type fits: ${choice.reason}`
    : ` Medicare secondary payer type ${choice.code} (${choice.description ?? 'see the code list'}): ${choice.reason}`;
}

/**
 * The patient's coverages after `priority` that are active on the day of service, in the order a
 * crossover bills them: the first is the one the next crossover claim goes to.
 */
export function nextCoverages(
  q: Queryable,
  patientID: number,
  priority: number,
  dos: string,
): Promise<(NextCoverage & { memberID: string })[]> {
  return q.query<NextCoverage & { memberID: string }>(
    `SELECT pi.patient_insurance_id AS "patientInsuranceID", pi.insurance_id AS "insuranceID", pi.priority, i.name AS "payerName",
            pi.subscriber_id AS "memberID"
       FROM patient_insurances pi JOIN insurances i ON i.insurance_id = pi.insurance_id
      WHERE pi.patient_id = $1 AND pi.active AND pi.priority > $2
        AND pi.effective_from <= $3::date AND (pi.effective_to IS NULL OR pi.effective_to >= $3::date)
      ORDER BY pi.priority, pi.patient_insurance_id`,
    [patientID, priority, dos],
  );
}

async function planCrossover(q: Queryable, scope: DataScope, claimID: number, lock: boolean): Promise<CrossoverPlan> {
  const [original] = await q.query<Original>(
    `SELECT c.claim_id AS "claimID", c.group_id AS "groupID", c.practice_id AS "practiceID", c.patient_id AS "patientID",
            c.claim_status_id AS "claimStatusID", c.dos_from::text AS "dosFrom", pi.priority,
            (c.claim_status_id = ANY($3::smallint[]) OR EXISTS (
               SELECT 1 FROM ledger_entries l
                WHERE l.claim_id = c.claim_id AND l.entry_type IN ('insurance_payment', 'contractual_adjustment', 'patient_responsibility')
                  AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id))) AS adjudicated
       FROM claims c LEFT JOIN patient_insurances pi ON pi.patient_insurance_id = c.patient_insurance_id
      WHERE c.claim_id = $1 AND c.practice_id = ANY($2::bigint[])
      ${lock ? 'FOR NO KEY UPDATE OF c' : ''}`,
    [claimID, scope.practiceIds, ANSWERED_STATUSES],
  );
  if (!original) throw new NotFoundError();
  const [next] = await nextCoverages(q, original.patientID, original.priority ?? 1, original.dosFrom);
  const [existing] = await q.query<{ claimID: number }>(
    'SELECT claim_id AS "claimID" FROM claims WHERE crossover_of_claim_id = $1 AND claim_status_id <> $2 ORDER BY claim_id LIMIT 1',
    [claimID, CLAIM_STATUS.void],
  );
  const existingCrossoverClaimID = existing?.claimID ?? null;
  let refusal: string | null = null;
  if (original.claimStatusID === CLAIM_STATUS.void)
    refusal = `Claim ${claimID} is void: there is nothing to cross over.`;
  else if (existingCrossoverClaimID !== null)
    refusal = `Claim ${claimID} already has crossover claim ${existingCrossoverClaimID}: work on that one (or void it first).`;
  else if (!next)
    refusal = `The patient has no ${rankOf((original.priority ?? 1) + 1)}${(original.priority ?? 1) < 2 ? ' or tertiary' : ''} coverage active on ${original.dosFrom}.`;
  else if (!original.adjudicated)
    refusal = `The primary payer has not answered claim ${claimID} yet: post its payment, adjustments or denial first.`;
  return { original, next: next ?? null, existingCrossoverClaimID, refusal };
}

export async function crossoverClaimType(q: Queryable, scope: DataScope, claimID: number): Promise<CrossoverTypeReply> {
  const plan = await planCrossover(q, scope, claimID, false);
  return {
    claimID,
    possible: plan.refusal === null,
    reason: plan.refusal,
    payerName: plan.next?.payerName ?? null,
    insuranceID: plan.next?.insuranceID ?? null,
    priority: plan.next?.priority ?? null,
    rank: plan.next ? rankOf(plan.next.priority) : null,
    existingCrossoverClaimID: plan.existingCrossoverClaimID,
  };
}

export async function createCrossoverClaim(
  db: Db,
  actor: Actor,
  scope: DataScope,
  claimID: number,
  now: Date,
): Promise<CreateCrossoverReply> {
  return db.transaction(async (tx) => {
    // The lock on the original serialises two billers crossing the same claim over at once.
    const { original, next, refusal } = await planCrossover(tx, scope, claimID, true);
    if (refusal !== null || !next) throw new BadRequestError(refusal ?? `Claim ${claimID} cannot be crossed over.`);
    // The crossover's charges are posted today: a month closed at month-end takes none.
    const closed = await lockedMonth(tx, original.practiceID, now.toISOString().slice(0, 10));
    if (closed !== null)
      throw new BadRequestError(`${closed} is locked at month-end: the crossover claim's charges would post today.`);
    const lines = await tx.query<{ chargeID: number; chargeCents: number }>(
      `SELECT charge_id AS "chargeID", charge_cents AS "chargeCents" FROM charges WHERE claim_id = $1 AND charge_status <> 'void' ORDER BY line_number, charge_id`,
      [claimID],
    );
    if (lines.length === 0)
      throw new BadRequestError(`Claim ${claimID} has no line that is not void: there is nothing to bill.`);
    const totalCents = lines.reduce((sum, line) => sum + Number(line.chargeCents), 0);
    const [created] = await tx.query<{ id: number }>(
      `INSERT INTO claims (group_id, practice_id, facility_id, patient_id, patient_name, patient_insurance_id, insurance_id, provider_id, referring_provider_id,
                           supervising_provider_id, pos_code, claim_type, claim_status_id, scrub_status_id, submit_status_id, dos_from, dos_to, referral_number,
                           prior_authorization_number, medical_case_id, crossover_of_claim_id, total_charge_cents, balance_cents, created_by, created_at, updated_at)
       SELECT group_id, practice_id, facility_id, patient_id, patient_name, $2, $3, provider_id, referring_provider_id,
              supervising_provider_id, pos_code, claim_type, $4, $5, $6, dos_from, dos_to, referral_number,
              prior_authorization_number, medical_case_id, claim_id, $7, $7, $8, $9, $9
         FROM claims WHERE claim_id = $1
       RETURNING claim_id AS id`,
      [
        claimID,
        next.patientInsuranceID,
        next.insuranceID,
        CLAIM_STATUS.draft,
        SCRUB_STATUS.notScrubbed,
        SUBMIT_STATUS.notSubmitted,
        totalCents,
        actor.userId,
        now,
      ],
    );
    if (!created) throw new Error('The crossover claim was not stored.');
    const crossoverClaimID = Number(created.id);
    await tx.query(
      'INSERT INTO claim_diagnoses (claim_id, sequence, icd_code) SELECT $1, sequence, icd_code FROM claim_diagnoses WHERE claim_id = $2',
      [crossoverClaimID, claimID],
    );
    // Line control numbers come from each new charge's own id (as saveCharge does), so the ids are taken first.
    const ids = await tx.query<{ id: number }>(
      `SELECT nextval(pg_get_serial_sequence('charges', 'charge_id'))::bigint AS id FROM generate_series(1, $1::int)`,
      [lines.length],
    );
    const newIDs = ids.map((row) => Number(row.id));
    await tx.query(
      `INSERT INTO charges (charge_id, claim_id, line_number, cpt_code, modifier1, modifier2, modifier3, modifier4, units, charge_cents, diagnosis_pointers,
                            dos_from, dos_to, pos_code, rendering_provider_id, revenue_code, ndc_code, ndc_units, ndc_unit_type, charge_status,
                            line_control_number, balance_cents)
       OVERRIDING SYSTEM VALUE
       SELECT pair.new_id, $1, o.line_number, o.cpt_code, o.modifier1, o.modifier2, o.modifier3, o.modifier4, o.units, o.charge_cents, o.diagnosis_pointers,
              o.dos_from, o.dos_to, o.pos_code, o.rendering_provider_id, o.revenue_code, o.ndc_code, o.ndc_units, o.ndc_unit_type, o.charge_status,
              'L' || lpad(pair.new_id::text, 10, '0'), o.charge_cents
         FROM unnest($2::bigint[], $3::bigint[]) AS pair (new_id, old_id) JOIN charges o ON o.charge_id = pair.old_id`,
      [crossoverClaimID, newIDs, lines.map((line) => line.chargeID)],
    );
    await tx.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, posting_date, created_by)
       SELECT $1, $2, $3, $4, ch.charge_id, 'charge', ch.charge_cents, $5::date, $6 FROM charges ch WHERE ch.claim_id = $4 ORDER BY ch.line_number`,
      [
        original.groupID,
        original.practiceID,
        original.patientID,
        crossoverClaimID,
        now.toISOString().slice(0, 10),
        actor.userId,
      ],
    );
    const [billed] = await loadBillingClaims(tx, [crossoverClaimID]);
    const msp = billed?.medicareSecondaryType ?? null;
    const detail = {
      insuranceID: next.insuranceID,
      payerName: next.payerName,
      priority: next.priority,
      ...(msp === null ? {} : { medicareSecondaryType: msp.code, medicareSecondaryReason: msp.reason }),
    };
    await recordClaimEvent(tx, actor, claimID, 'crossover created', { crossoverClaimID, ...detail }, now);
    await recordClaimEvent(
      tx,
      actor,
      crossoverClaimID,
      'created from crossover',
      { originalClaimID: claimID, lines: lines.length, totalCents, ...detail },
      now,
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'claims.crossover',
      recordType: 'claim',
      recordId: crossoverClaimID,
      source: actor.source,
      ip: actor.ip,
      detail: { originalClaimID: claimID },
    });
    const message = `Crossover claim ${crossoverClaimID} created for ${next.payerName} (${rankOf(next.priority)}).${msp === null ? '' : medicareSecondaryNote(msp)}`;
    return { message, crossoverClaimID };
  });
}
