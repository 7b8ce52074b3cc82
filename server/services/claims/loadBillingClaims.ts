/**
 * Reads claims as they are billed (billingClaim.ts) for any number of claims in a fixed handful of
 * queries, each over the whole batch (`= ANY($1)`): the scrubber and the 837 writer read
 * thousands at a time, and a query per claim would cost more than the work itself.
 */
import type { Cents } from '../../../contract/money.ts';
import type { Queryable } from '../../db/types.ts';
import type {
  BillingCharge,
  BillingClaim,
  BillingCoverage,
  BillingDiagnosis,
  BillingFacility,
  BillingInstitutional,
  BillingPatient,
  BillingPayer,
  BillingPractice,
  BillingProvider,
  PrimaryAdjudication,
  PrimaryAdjustment,
} from './billingClaim.ts';
import { medicareSecondaryChoice } from './medicareSecondary.ts';

/**
 * Runs `select` and hands back its rows as one JSON array. PGlite turns every field of a result
 * into a JavaScript value one at a time, which costs several times the query itself; a single
 * JSON text per query is parsed in one pass.
 */
async function jsonRows<Row>(q: Queryable, select: string, params: readonly unknown[]): Promise<Row[]> {
  const [result] = await q.query<{ rows: Row[] | null }>(`SELECT json_agg(x) AS "rows" FROM (${select}) x`, params);
  return result?.rows ?? [];
}

interface ClaimRow extends Omit<
  BillingClaim,
  | 'practice'
  | 'facility'
  | 'patient'
  | 'provider'
  | 'referringProvider'
  | 'supervisingProvider'
  | 'coverage'
  | 'otherCoverages'
  | 'primary'
  | 'originalClaim'
  | 'medicareSecondaryType'
  | 'diagnoses'
  | 'charges'
> {
  practiceID: number;
  facilityID: number | null;
  patientID: number;
  patientInsuranceID: number | null;
  providerID: number;
  referringProviderID: number | null;
  supervisingProviderID: number | null;
  crossoverOfClaimID: number | null;
}

const claimRows = (q: Queryable, ids: readonly number[]) =>
  jsonRows<ClaimRow>(
    q,
    `SELECT c.claim_id AS "claimID", c.group_id AS "groupID", c.claim_type AS "claimType",
            c.claim_status_id AS "claimStatusID", c.scrub_status_id AS "scrubStatusID", c.submit_status_id AS "submitStatusID",
            c.dos_from AS "dosFrom", c.dos_to AS "dosTo", c.pos_code AS "posCode", c.frequency_code AS "frequencyCode",
            c.original_claim_number AS "originalClaimNumber", c.referral_number AS "referralNumber",
            c.prior_authorization_number AS "priorAuthorizationNumber", c.total_charge_cents AS "totalChargeCents",
            to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
            c.practice_id AS "practiceID", c.facility_id AS "facilityID", c.patient_id AS "patientID",
            c.patient_insurance_id AS "patientInsuranceID", c.provider_id AS "providerID",
            c.referring_provider_id AS "referringProviderID", c.supervising_provider_id AS "supervisingProviderID",
            c.crossover_of_claim_id AS "crossoverOfClaimID"
       FROM claims c WHERE c.claim_id = ANY($1::bigint[])`,
    [ids],
  );

const practiceRows = (q: Queryable, ids: readonly number[]) =>
  jsonRows<BillingPractice>(
    q,
    `SELECT practice_id AS "practiceID", group_id AS "groupID", name, npi, tax_id AS "taxID", taxonomy_code AS "taxonomyCode", phone,
            address1, address2, city, state, zip
       FROM practices WHERE practice_id = ANY($1::bigint[])`,
    [ids],
  );

const facilityRows = (q: Queryable, ids: readonly number[]) =>
  jsonRows<BillingFacility>(
    q,
    `SELECT facility_id AS "facilityID", name, npi, pos_code AS "posCode", bill_type AS "billType", address1, NULL AS address2, city, state, zip
       FROM facilities WHERE facility_id = ANY($1::bigint[])`,
    [ids],
  );

const patientRows = (q: Queryable, ids: readonly number[]) =>
  jsonRows<BillingPatient>(
    q,
    `SELECT patient_id AS "patientID", account_number AS "accountNumber", first_name AS "firstName", middle_name AS "middleName",
            last_name AS "lastName", date_of_birth AS "dateOfBirth", sex, address1, address2, city, state, zip
       FROM patients WHERE patient_id = ANY($1::bigint[])`,
    [ids],
  );

interface CoverageRow extends Omit<BillingCoverage, 'payer'> {
  patientID: number;
  insuranceID: number;
  active: boolean;
}

/** Every coverage of the patients, active or not: a claim may still bill one that was since closed. */
const coverageRows = (q: Queryable, patientIDs: readonly number[]) =>
  jsonRows<CoverageRow>(
    q,
    `SELECT patient_id AS "patientID", insurance_id AS "insuranceID", active, patient_insurance_id AS "patientInsuranceID", priority,
            subscriber_id AS "subscriberID", group_number AS "groupNumber", subscriber_relation AS "subscriberRelation",
            subscriber_first_name AS "subscriberFirstName", subscriber_last_name AS "subscriberLastName",
            subscriber_date_of_birth AS "subscriberDateOfBirth", effective_from AS "effectiveFrom", effective_to AS "effectiveTo"
       FROM patient_insurances WHERE patient_id = ANY($1::bigint[])
      ORDER BY patient_id, priority, patient_insurance_id`,
    [patientIDs],
  );

const payerRows = (q: Queryable, ids: readonly number[]) =>
  jsonRows<BillingPayer>(
    q,
    `SELECT insurance_id AS "insuranceID", name, payer_id AS "payerID", insurance_type AS "insuranceType",
            timely_filing_days AS "timelyFilingDays", address1, city, state, zip
       FROM insurances WHERE insurance_id = ANY($1::bigint[])`,
    [ids],
  );

interface ChargeRow extends Omit<BillingCharge, 'renderingProvider'> {
  claimID: number;
  renderingProviderID: number | null;
}

const chargeRows = (q: Queryable, ids: readonly number[]) =>
  jsonRows<ChargeRow>(
    q,
    `SELECT claim_id AS "claimID", charge_id AS "chargeID", line_number AS "lineNumber", cpt_code AS "cptCode",
            array_remove(ARRAY[nullif(modifier1, ''), nullif(modifier2, ''), nullif(modifier3, ''), nullif(modifier4, '')], NULL) AS "modifiers",
            units, charge_cents AS "chargeCents", diagnosis_pointers AS "diagnosisPointers", dos_from AS "dosFrom", dos_to AS "dosTo",
            pos_code AS "posCode", rendering_provider_id AS "renderingProviderID", revenue_code AS "revenueCode",
            ndc_code AS "ndcCode", ndc_units AS "ndcUnits", ndc_unit_type AS "ndcUnitType",
            charge_status AS "chargeStatus", line_control_number AS "lineControlNumber", non_covered_cents AS "nonCoveredCents"
       FROM charges WHERE claim_id = ANY($1::bigint[]) AND charge_status <> 'deleted'`,
    [ids],
  );

const diagnosisRows = (q: Queryable, ids: readonly number[]) =>
  jsonRows<BillingDiagnosis & { claimID: number }>(
    q,
    'SELECT claim_id AS "claimID", sequence, icd_code AS "icdCode", poa FROM claim_diagnoses WHERE claim_id = ANY($1::bigint[])',
    [ids],
  );

interface InstitutionalRow extends Omit<BillingInstitutional, 'operatingProvider' | 'otherOperatingProvider'> {
  claimID: number;
  admissionDate: string | null;
  admissionHour: string | null;
  admittingDiagnosis: string | null;
  operatingProviderID: number | null;
  otherOperatingProviderID: number | null;
}

/** The UB-04 fields of the institutional claims among `ids` (claim_institutional). */
const institutionalRows = (q: Queryable, ids: readonly number[]) =>
  jsonRows<InstitutionalRow>(
    q,
    `SELECT i.claim_id AS "claimID", i.bill_type AS "billType", i.admission_type AS "admissionTypeCode",
            i.admission_source AS "admissionSourceCode", i.patient_status AS "patientStatusCode",
            CASE WHEN i.discharge_hour IS NULL THEN NULL ELSE i.discharge_hour || '00' END AS "dischargeHour",
            i.admission_date AS "admissionDate", i.admission_hour AS "admissionHour", i.admitting_diagnosis AS "admittingDiagnosis",
            i.operating_provider_id AS "operatingProviderID", i.other_operating_provider_id AS "otherOperatingProviderID",
            i.condition_codes AS "conditionCodes", i.occurrence_codes AS "occurrenceCodes", i.occurrence_spans AS "occurrenceSpans",
            i.value_codes AS "valueCodes"
       FROM claim_institutional i JOIN claims c ON c.claim_id = i.claim_id AND c.claim_type = 'institutional'
      WHERE i.claim_id = ANY($1::bigint[])`,
    [ids],
  );

const providerRows = (q: Queryable, ids: readonly number[]) =>
  jsonRows<BillingProvider>(
    q,
    `SELECT provider_id AS "providerID", provider_type AS "providerType", first_name AS "firstName", last_name AS "lastName",
            npi, taxonomy_code AS "taxonomyCode"
       FROM providers WHERE provider_id = ANY($1::bigint[])`,
    [ids],
  );

/** The payer an original claim billed: its own, else its coverage's. */
const originalClaimRows = (q: Queryable, ids: readonly number[]) =>
  jsonRows<{ claimID: number; insuranceID: number | null }>(
    q,
    `SELECT c.claim_id AS "claimID", coalesce(c.insurance_id, pi.insurance_id) AS "insuranceID"
       FROM claims c LEFT JOIN patient_insurances pi ON pi.patient_insurance_id = c.patient_insurance_id
      WHERE c.claim_id = ANY($1::bigint[])`,
    [ids],
  );

/** A line of a remit, with the original claim's line it answered (null when the remit's line was never matched to one). */
interface RemitLineRow {
  chargeID: number | null;
  lineNumber: number | null;
  cptCode: string | null;
  paidCents: Cents;
  /** SVC05; null on a paper EOB. */
  units: number | null;
  adjustments: PrimaryAdjustment[];
}

/** One answer of the primary payer on an original claim: a posted ERA claim, or a keyed paper EOB. */
interface RemitRow {
  originalClaimID: number;
  kind: 'era' | 'paper';
  remitID: number;
  /** False for a reversal (CLP02 22), an ERA claim a later reversal took back, and a paper EOB whose every line was reversed. */
  stands: boolean;
  /** CLP04, or what the EOB's standing lines paid. */
  paidCents: Cents;
  /** The ERA check's date, or the EOB's posting date. */
  date: string | null;
  /** Claim-level CAS (an ERA claim's; a paper EOB keys adjustments on its lines only). */
  adjustments: PrimaryAdjustment[];
  lines: RemitLineRow[];
}

const adjustmentJson = (alias: string) =>
  `json_build_object('groupCode', ${alias}.group_code, 'reasonCode', ${alias}.reason_code, 'amountCents', ${alias}.amount_cents, 'quantity', ${alias}.quantity)`;

/**
 * The primary payer's remits on the original claims, as the payer sent them, oldest first. The
 * primary is the payer the original claim billed: an ERA check is its when it was filed under
 * that insurance or carries its payer ID; a paper EOB when it was keyed for that insurance (or
 * for the claim's payer when the claim named none but its coverage did). Posted
 * ERA claims only (an unposted one is not yet the claim's answer), with `stands` saying whether a
 * reversal has since taken one back (the payer's, or a biller's of every row that moved money);
 * paper EOB lines a biller reversed are left out.
 */
const primaryRemitRows = (q: Queryable, originalIDs: readonly number[]) =>
  jsonRows<RemitRow>(
    q,
    `WITH originals AS (
       SELECT c.claim_id, i.insurance_id, i.payer_id
         FROM claims c
         LEFT JOIN patient_insurances pi ON pi.patient_insurance_id = c.patient_insurance_id
         JOIN insurances i ON i.insurance_id = coalesce(c.insurance_id, pi.insurance_id)
        WHERE c.claim_id = ANY($1::bigint[]))
     SELECT x.claim_id AS "originalClaimID", 'era' AS kind, x.era_claim_id AS "remitID",
            (x.status_code <> '22' AND NOT EXISTS (SELECT 1 FROM era_claims r WHERE r.reverses_era_claim_id = x.era_claim_id)
             -- A posting whose money a biller took back row by row no longer stands either.
             AND NOT (EXISTS (SELECT 1 FROM ledger_entries l WHERE l.era_claim_id = x.era_claim_id AND l.reverses_ledger_id IS NULL AND l.amount_cents <> 0)
                      AND NOT EXISTS (SELECT 1 FROM ledger_entries l WHERE l.era_claim_id = x.era_claim_id AND l.reverses_ledger_id IS NULL AND l.amount_cents <> 0
                                        AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id)))) AS stands,
            x.paid_cents AS "paidCents", ec.check_date AS date,
            coalesce((SELECT json_agg(${adjustmentJson('a')} ORDER BY a.era_adjustment_id)
                        FROM era_adjustments a WHERE a.era_claim_id = x.era_claim_id AND a.era_line_id IS NULL), '[]'::json) AS adjustments,
            coalesce((SELECT json_agg(json_build_object('chargeID', el.charge_id, 'lineNumber', och.line_number, 'cptCode', och.cpt_code,
                                                        'paidCents', el.paid_cents, 'units', el.units,
                                                        'adjustments', coalesce((SELECT json_agg(${adjustmentJson('la')} ORDER BY la.era_adjustment_id)
                                                                                   FROM era_adjustments la
                                                                                  WHERE la.era_claim_id = x.era_claim_id AND la.era_line_id = el.era_line_id), '[]'::json))
                                      ORDER BY el.era_line_id)
                        FROM era_lines el LEFT JOIN charges och ON och.charge_id = el.charge_id
                       WHERE el.era_claim_id = x.era_claim_id), '[]'::json) AS lines
       FROM originals o
       JOIN era_claims x ON x.claim_id = o.claim_id
       JOIN era_checks ec ON ec.era_check_id = x.era_check_id
      WHERE x.posted_at IS NOT NULL AND ec.status <> 'deleted'
        AND (ec.insurance_id = o.insurance_id OR ec.payer_identifier = o.payer_id)
     UNION ALL
     SELECT e.claim_id, 'paper', e.paper_eob_id,
            EXISTS (SELECT 1 FROM paper_eob_lines pl WHERE pl.paper_eob_id = e.paper_eob_id AND pl.reversed_at IS NULL),
            coalesce((SELECT sum(pl.paid_cents) FROM paper_eob_lines pl WHERE pl.paper_eob_id = e.paper_eob_id AND pl.reversed_at IS NULL), 0)::bigint,
            e.posting_date,
            '[]'::json,
            coalesce((SELECT json_agg(json_build_object('chargeID', pl.charge_id, 'lineNumber', och.line_number, 'cptCode', och.cpt_code,
                                                        'paidCents', pl.paid_cents, 'units', NULL,
                                                        'adjustments', (SELECT coalesce(json_agg(json_build_object('groupCode', k.value->>'group', 'reasonCode', k.value->>'reason',
                                                                                                                   'amountCents', (k.value->>'cents')::bigint, 'quantity', NULL) ORDER BY k.n), '[]'::json)
                                                                          FROM jsonb_array_elements(pl.adjustments) WITH ORDINALITY AS k (value, n)))
                                      ORDER BY pl.paper_eob_line_id)
                        FROM paper_eob_lines pl JOIN charges och ON och.charge_id = pl.charge_id
                       WHERE pl.paper_eob_id = e.paper_eob_id AND pl.reversed_at IS NULL), '[]'::json)
       FROM originals o
       JOIN paper_eobs e ON e.claim_id = o.claim_id AND coalesce(e.insurance_id, o.insurance_id) = o.insurance_id
     ORDER BY 1, 6, 2, 3`,
    [originalIDs],
  );

/** A ledger row of the original claim that says what the primary payer did. */
interface PrimaryLedgerRow {
  originalClaimID: number;
  entryType: 'insurance_payment' | 'contractual_adjustment' | 'patient_responsibility';
  /** What the row took off the balance: the ledger books money in and adjustments as negative amounts. */
  creditCents: Cents;
  groupCode: string | null;
  reasonCode: string | null;
  postingDate: string;
  /** The original claim's charge line the row is on, if any. */
  chargeID: number | null;
  lineNumber: number | null;
  cptCode: string | null;
  chargeCents: Cents | null;
}

/**
 * Rows posted by hand, with no remit behind them (no ERA claim, ERA check or paper EOB), that no
 * later reversal undid: read only for an original claim on which the primary payer has no remit
 * at all, posted before paper EOBs were kept.
 */
const primaryLedgerRows = (q: Queryable, originalIDs: readonly number[]) =>
  jsonRows<PrimaryLedgerRow>(
    q,
    `SELECT l.claim_id AS "originalClaimID", l.entry_type AS "entryType", -l.amount_cents AS "creditCents",
            l.adjustment_group_code AS "groupCode", l.reason_code AS "reasonCode", l.posting_date AS "postingDate",
            l.charge_id AS "chargeID", och.line_number AS "lineNumber", och.cpt_code AS "cptCode", och.charge_cents AS "chargeCents"
       FROM ledger_entries l
       LEFT JOIN charges och ON och.charge_id = l.charge_id
      WHERE l.claim_id = ANY($1::bigint[])
        AND l.entry_type IN ('insurance_payment', 'contractual_adjustment', 'patient_responsibility')
        AND l.era_claim_id IS NULL AND l.era_check_id IS NULL AND l.paper_eob_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id)
      ORDER BY l.claim_id, l.ledger_id`,
    [originalIDs],
  );

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * Sums adjustments by group and reason code, in the order first seen, with their quantities when
 * the payer gave any; a sum of zero is no adjustment (CAS carries none).
 */
class AdjustmentSums {
  private readonly sums = new Map<string, PrimaryAdjustment>();
  add(groupCode: string, reasonCode: string, amountCents: Cents, quantity: number | null = null): void {
    const key = `${groupCode}|${reasonCode}`;
    const sum = this.sums.get(key);
    if (!sum)
      this.sums.set(
        key,
        quantity === null ? { groupCode, reasonCode, amountCents } : { groupCode, reasonCode, amountCents, quantity },
      );
    else {
      sum.amountCents += amountCents;
      if (quantity !== null) sum.quantity = (sum.quantity ?? 0) + quantity;
    }
  }
  list(): PrimaryAdjustment[] {
    return [...this.sums.values()].filter((adjustment) => adjustment.amountCents !== 0);
  }
}

const PATIENT_RESPONSIBILITY = 'PR';
const later = (left: string | null, right: string | null) =>
  left === null || (right !== null && right > left) ? right : left;

/** This claim's lines by the original's line number and code: a crossover claim copies the original's lines, void ones excepted. */
function lineKeys(charges: readonly BillingCharge[]): Map<string, number> {
  return new Map(
    charges
      .filter((charge) => charge.chargeStatus !== 'void')
      .map((charge) => [`${charge.lineNumber}|${charge.cptCode}`, charge.chargeID]),
  );
}

/**
 * What the primary payer did, from its remits that still stand, merged (a payer may answer some
 * lines in one remit and the rest in another): AMT*D is the sum of what they paid, the claim-level
 * CAS their claim-level adjustments, each line what its remits paid on it with their adjustments,
 * dated by the latest of them. Every figure is the payer's own; nothing is worked out from our
 * books. A remit line is placed on this claim's line by the original's line number and code; the
 * patient's remaining liability counts every PR adjustment, placed or not.
 */
function remitAdjudicationOf(
  payer: BillingPayer,
  remits: readonly RemitRow[],
  charges: readonly BillingCharge[],
): PrimaryAdjudication | null {
  const standing = remits.filter((remit) => remit.stands);
  if (standing.length === 0) return null;
  const chargeByLine = lineKeys(charges);
  const claimAdjustments = new AdjustmentSums();
  const lines = new Map<
    number,
    { paidCents: Cents; paidDate: string | null; paidUnits: number | null; adjustments: AdjustmentSums }
  >();
  let paidCents: Cents = 0;
  let paidDate: string | null = null;
  let patientLiabilityCents: Cents = 0;
  for (const remit of standing) {
    paidCents += remit.paidCents;
    paidDate = later(paidDate, remit.date);
    for (const adjustment of remit.adjustments) {
      claimAdjustments.add(
        adjustment.groupCode,
        adjustment.reasonCode,
        adjustment.amountCents,
        adjustment.quantity ?? null,
      );
      if (adjustment.groupCode === PATIENT_RESPONSIBILITY) patientLiabilityCents += adjustment.amountCents;
    }
    for (const remitLine of remit.lines) {
      for (const adjustment of remitLine.adjustments)
        if (adjustment.groupCode === PATIENT_RESPONSIBILITY) patientLiabilityCents += adjustment.amountCents;
      const chargeID =
        remitLine.lineNumber === null ? undefined : chargeByLine.get(`${remitLine.lineNumber}|${remitLine.cptCode}`);
      if (chargeID === undefined) continue;
      let line = lines.get(chargeID);
      if (!line)
        lines.set(
          chargeID,
          (line = { paidCents: 0, paidDate: null, paidUnits: null, adjustments: new AdjustmentSums() }),
        );
      line.paidCents += remitLine.paidCents;
      line.paidDate = later(line.paidDate, remit.date);
      if (remitLine.units !== null) line.paidUnits = remitLine.units;
      for (const adjustment of remitLine.adjustments)
        line.adjustments.add(
          adjustment.groupCode,
          adjustment.reasonCode,
          adjustment.amountCents,
          adjustment.quantity ?? null,
        );
    }
  }
  return {
    payer,
    source: 'remit',
    paidCents,
    paidDate,
    patientLiabilityCents,
    adjustments: claimAdjustments.list(),
    lines: charges.flatMap(({ chargeID }) => {
      const line = lines.get(chargeID);
      return line
        ? [
            {
              chargeID,
              paidCents: line.paidCents,
              adjustments: line.adjustments.list(),
              paidDate: line.paidDate,
              paidUnits: line.paidUnits,
            },
          ]
        : [];
    }),
  };
}

/**
 * What the primary payer did, rebuilt from the original claim's ledger: only for a primary posted
 * by hand before paper EOBs were kept, when no remit says it. The ledger keeps payments, CO
 * adjustments and the patient's share as a marker (posted at 0, seed/ledger.ts), so the share is
 * what the payer left of the line (its charge less what was paid and otherwise adjusted), and a
 * payer's OA, PI or CR adjustments are not there to carry. Rows are placed on this claim's lines
 * by line number and code; rows of lines that do not match stay at claim level.
 */
function ledgerAdjudicationOf(
  payer: BillingPayer,
  rows: readonly PrimaryLedgerRow[],
  charges: readonly BillingCharge[],
): PrimaryAdjudication | null {
  const chargeByLine = lineKeys(charges);
  const claimAdjustments = new AdjustmentSums();
  const lines = new Map<
    number,
    { paidCents: Cents; settledCents: Cents; chargeCents: Cents; adjustments: AdjustmentSums }
  >();
  const lineOf = (row: PrimaryLedgerRow) => {
    const chargeID = row.lineNumber === null ? undefined : chargeByLine.get(`${row.lineNumber}|${row.cptCode}`);
    if (chargeID === undefined) return null;
    let line = lines.get(chargeID);
    if (!line)
      lines.set(
        chargeID,
        (line = {
          paidCents: 0,
          settledCents: 0,
          chargeCents: row.chargeCents ?? 0,
          adjustments: new AdjustmentSums(),
        }),
      );
    return line;
  };
  let paidCents = 0;
  let paidDate: string | null = null;
  const shares: PrimaryLedgerRow[] = [];
  for (const row of rows) {
    const line = lineOf(row);
    if (row.entryType === 'insurance_payment') {
      paidCents += row.creditCents;
      paidDate = later(paidDate, row.postingDate);
      if (line) line.paidCents += row.creditCents;
      continue;
    }
    if (row.groupCode === null || row.reasonCode === null) continue;
    if (row.entryType === 'patient_responsibility' && row.creditCents === 0) {
      shares.push(row);
      continue;
    }
    (line?.adjustments ?? claimAdjustments).add(row.groupCode, row.reasonCode, row.creditCents);
    if (line) line.settledCents += row.creditCents;
  }
  for (const row of shares) {
    const line = lineOf(row);
    const left = line ? line.chargeCents - line.paidCents - line.settledCents : 0;
    if (!line || left <= 0 || row.groupCode === null || row.reasonCode === null) continue;
    line.adjustments.add(row.groupCode, row.reasonCode, left);
    line.settledCents += left;
  }
  const adjustments = claimAdjustments.list();
  if (paidDate === null && adjustments.length === 0 && lines.size === 0) return null;
  const placed = charges.flatMap(({ chargeID }) => {
    const line = lines.get(chargeID);
    return line ? [{ chargeID, paidCents: line.paidCents, adjustments: line.adjustments.list() }] : [];
  });
  const patientLiabilityCents = [...adjustments, ...placed.flatMap((line) => line.adjustments)]
    .filter((adjustment) => adjustment.groupCode === PATIENT_RESPONSIBILITY)
    .reduce((sum, adjustment) => sum + adjustment.amountCents, 0);
  return { payer, source: 'ledger', paidCents, paidDate, patientLiabilityCents, adjustments, lines: placed };
}

function chargeOf(row: ChargeRow, providers: ReadonlyMap<number, BillingProvider>): BillingCharge {
  const { claimID: _claimID, renderingProviderID, ...charge } = row;
  return {
    ...charge,
    renderingProvider: renderingProviderID === null ? null : (providers.get(renderingProviderID) ?? null),
  };
}

/** An institutional claim's UB-04 fields, and its stay when an admission date was keyed. */
function institutionalOf(
  row: InstitutionalRow,
  providers: ReadonlyMap<number, BillingProvider>,
): Pick<BillingClaim, 'institutional' | 'admission'> {
  const {
    claimID: _claimID,
    admissionDate,
    admissionHour,
    admittingDiagnosis,
    operatingProviderID,
    otherOperatingProviderID,
    ...fields
  } = row;
  const provider = (id: number | null) => (id === null ? null : (providers.get(id) ?? null));
  return {
    institutional: {
      ...fields,
      operatingProvider: provider(operatingProviderID),
      otherOperatingProvider: provider(otherOperatingProviderID),
    },
    admission:
      admissionDate === null
        ? null
        : {
            date: admissionDate,
            hour: admissionHour === null ? null : `${admissionHour}00`,
            typeCode: fields.admissionTypeCode ?? '9',
            sourceCode: fields.admissionSourceCode,
            patientStatusCode: fields.patientStatusCode,
            admittingDiagnosis,
          },
  };
}

function coverageOf(row: CoverageRow, payers: ReadonlyMap<number, BillingPayer>): BillingCoverage {
  const { patientID: _patientID, insuranceID, active: _active, ...coverage } = row;
  return { ...coverage, payer: found(payers, insuranceID, 'Payer') };
}

/** A row the claim refers to by foreign key, so always there. */
function found<T>(rows: ReadonlyMap<number, T>, id: number, what: string): T {
  const row = rows.get(id);
  if (row === undefined) throw new Error(`${what} ${id} of a claim was not found.`);
  return row;
}

const byID = <T>(rows: readonly T[], id: (row: T) => number): Map<number, T> =>
  new Map(rows.map((row) => [id(row), row]));

/**
 * The claims asked for, in the order asked (each once); IDs that match no claim are left out.
 * Practices, providers, payers and patients are read once per batch, so claims of one practice
 * share its object: treat what this returns as read-only. `primary` is filled for a claim billing
 * a secondary or tertiary coverage that was crossed over from an original claim
 * (claims.crossover_of_claim_id) once the payer that original billed has a remit on it that still
 * stands (a posted ERA claim or a keyed paper EOB), or, for a primary posted by hand before EOBs
 * were kept, hand postings on its ledger.
 */
export async function loadBillingClaims(q: Queryable, claimIDs: readonly number[]): Promise<BillingClaim[]> {
  const ids = [...new Set(claimIDs)];
  if (ids.length === 0) return [];
  const headers = await claimRows(q, ids);
  const distinct = (pick: (header: ClaimRow) => number | null) => [
    ...new Set(headers.map(pick).filter((id): id is number => id !== null)),
  ];
  // One after another: inside a transaction the queries share one connection anyway.
  const chargeList = await chargeRows(q, ids);
  const diagnosisList = await diagnosisRows(q, ids);
  const institutionalByClaim = byID(await institutionalRows(q, ids), (row) => row.claimID);
  const practices = byID(
    await practiceRows(
      q,
      distinct((header) => header.practiceID),
    ),
    (row) => row.practiceID,
  );
  const facilities = byID(
    await facilityRows(
      q,
      distinct((header) => header.facilityID),
    ),
    (row) => row.facilityID,
  );
  const patients = byID(
    await patientRows(
      q,
      distinct((header) => header.patientID),
    ),
    (row) => row.patientID,
  );
  const coverageList = await coverageRows(q, [...patients.keys()]);

  const providerIDs = new Set([
    ...distinct((header) => header.providerID),
    ...distinct((header) => header.referringProviderID),
    ...distinct((header) => header.supervisingProviderID),
    ...chargeList.flatMap((charge) => (charge.renderingProviderID === null ? [] : [charge.renderingProviderID])),
    ...[...institutionalByClaim.values()].flatMap((row) =>
      [row.operatingProviderID, row.otherOperatingProviderID].filter((id): id is number => id !== null),
    ),
  ]);
  const providers = byID(await providerRows(q, [...providerIDs]), (row) => row.providerID);

  const coverageByID = byID(coverageList, (row) => row.patientInsuranceID);
  const billsLaterPayer = (header: ClaimRow) =>
    header.patientInsuranceID !== null && (coverageByID.get(header.patientInsuranceID)?.priority ?? 1) > 1;
  const originalIDs = distinct((header) => (billsLaterPayer(header) ? header.crossoverOfClaimID : null));
  const originals = originalIDs.length > 0 ? await originalClaimRows(q, originalIDs) : [];
  const remitsByOriginal = groupBy(
    originalIDs.length > 0 ? await primaryRemitRows(q, originalIDs) : [],
    (row) => row.originalClaimID,
  );
  // The ledger speaks for a primary only where it left no remit at all (posted by hand before EOBs were kept).
  const handPosted = originalIDs.filter((id) => !remitsByOriginal.has(id));
  const ledgerByOriginal = groupBy(
    handPosted.length > 0 ? await primaryLedgerRows(q, handPosted) : [],
    (row) => row.originalClaimID,
  );
  const payerIDs = new Set([
    ...coverageList.map((row) => row.insuranceID),
    ...originals.flatMap((row) => (row.insuranceID === null ? [] : [row.insuranceID])),
  ]);
  const payers = byID(await payerRows(q, [...payerIDs]), (row) => row.insuranceID);
  const originalPayers = new Map(
    originals.flatMap((row) =>
      row.insuranceID === null ? [] : [[row.claimID, found(payers, row.insuranceID, 'Payer')] as const],
    ),
  );

  const coverages = new Map(coverageList.map((row) => [row.patientInsuranceID, coverageOf(row, payers)]));
  const coveragesByPatient = groupBy(coverageList, (row) => row.patientID);
  const chargesByClaim = groupBy(chargeList, (row) => row.claimID);
  const diagnosesByClaim = groupBy(diagnosisList, (row) => row.claimID);

  const claims = new Map<number, BillingClaim>();
  for (const header of headers) {
    const {
      practiceID,
      facilityID,
      patientID,
      patientInsuranceID,
      providerID,
      referringProviderID,
      supervisingProviderID,
      crossoverOfClaimID,
      ...claim
    } = header;
    const coverage = patientInsuranceID === null ? null : found(coverages, patientInsuranceID, 'Coverage');
    const charges = (chargesByClaim.get(claim.claimID) ?? [])
      .sort((a, b) => a.lineNumber - b.lineNumber || a.chargeID - b.chargeID)
      .map((row) => chargeOf(row, providers));
    const inForce = (row: CoverageRow) =>
      row.active &&
      row.patientInsuranceID !== patientInsuranceID &&
      row.effectiveFrom <= claim.dosFrom &&
      (row.effectiveTo === null || row.effectiveTo >= claim.dosFrom);
    const crossedOver = crossoverOfClaimID !== null && billsLaterPayer(header);
    const originalPayer = crossedOver ? (originalPayers.get(crossoverOfClaimID) ?? null) : null;
    const remits = crossedOver ? remitsByOriginal.get(crossoverOfClaimID) : undefined;
    const ledgerRows = crossedOver ? ledgerByOriginal.get(crossoverOfClaimID) : undefined;
    const primary =
      originalPayer === null
        ? null
        : remits
          ? remitAdjudicationOf(originalPayer, remits, charges)
          : ledgerRows
            ? ledgerAdjudicationOf(originalPayer, ledgerRows, charges)
            : null;
    const patient = found(patients, patientID, 'Patient');
    const otherCoverages = (coveragesByPatient.get(patientID) ?? [])
      .filter(inForce)
      .map((row) => found(coverages, row.patientInsuranceID, 'Coverage'));
    const ub = institutionalByClaim.get(claim.claimID);
    claims.set(claim.claimID, {
      ...claim,
      ...(ub === undefined ? {} : institutionalOf(ub, providers)),
      practice: found(practices, practiceID, 'Practice'),
      facility: facilityID === null ? null : found(facilities, facilityID, 'Facility'),
      patient,
      provider: found(providers, providerID, 'Provider'),
      referringProvider: referringProviderID === null ? null : found(providers, referringProviderID, 'Provider'),
      supervisingProvider: supervisingProviderID === null ? null : found(providers, supervisingProviderID, 'Provider'),
      coverage,
      otherCoverages,
      primary,
      originalClaim: crossedOver ? { claimID: crossoverOfClaimID, payer: originalPayer } : null,
      medicareSecondaryType: medicareSecondaryChoice(
        { coverage, otherCoverages, patient, dosFrom: claim.dosFrom },
        originalPayer,
      ),
      diagnoses: (diagnosesByClaim.get(claim.claimID) ?? [])
        .map(({ sequence, icdCode, poa }) => (poa ? { sequence, icdCode, poa } : { sequence, icdCode }))
        .sort((a, b) => a.sequence - b.sequence),
      charges,
    });
  }
  return ids.flatMap((id) => claims.get(id) ?? []);
}
