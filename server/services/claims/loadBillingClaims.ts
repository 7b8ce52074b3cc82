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
  BillingPatient,
  BillingPayer,
  BillingPractice,
  BillingProvider,
  PrimaryAdjudication,
} from './billingClaim.ts';

type Adjustment = PrimaryAdjudication['adjustments'][number];

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
  'practice' | 'facility' | 'patient' | 'provider' | 'referringProvider' | 'supervisingProvider' | 'coverage' | 'otherCoverages' | 'primary' | 'diagnoses' | 'charges'
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
            charge_status AS "chargeStatus", line_control_number AS "lineControlNumber"
       FROM charges WHERE claim_id = ANY($1::bigint[]) AND charge_status <> 'deleted'`,
    [ids],
  );

const diagnosisRows = (q: Queryable, ids: readonly number[]) =>
  jsonRows<BillingDiagnosis & { claimID: number }>(
    q,
    'SELECT claim_id AS "claimID", sequence, icd_code AS "icdCode" FROM claim_diagnoses WHERE claim_id = ANY($1::bigint[])',
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

const originalClaimRows = (q: Queryable, ids: readonly number[]) =>
  jsonRows<{ claimID: number; insuranceID: number | null }>(q, 'SELECT claim_id AS "claimID", insurance_id AS "insuranceID" FROM claims WHERE claim_id = ANY($1::bigint[])', [ids]);

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

/** Rows a later reversal undid are left out: the payer's answer is what still stands. */
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

/** Sums adjustments by group and reason code, in the order first seen. */
class AdjustmentSums {
  private readonly sums = new Map<string, Adjustment>();
  add(groupCode: string, reasonCode: string, amountCents: Cents): void {
    const key = `${groupCode}|${reasonCode}`;
    const sum = this.sums.get(key);
    if (sum) sum.amountCents += amountCents;
    else this.sums.set(key, { groupCode, reasonCode, amountCents });
  }
  list(): Adjustment[] {
    return [...this.sums.values()];
  }
}

/**
 * What the primary payer did, from the original claim's ledger, placed on this claim's lines by
 * line number and code (a crossover claim copies the original's lines); rows of lines that do
 * not match stay at claim level. A patient_responsibility row moves the amount owed from payer to
 * patient without changing the balance, so it is posted at 0 (seed/ledger.ts): its amount is
 * what the payer left of the line, the charge minus what was paid and otherwise adjusted.
 */
function primaryAdjudicationOf(payer: BillingPayer, rows: readonly PrimaryLedgerRow[], charges: readonly BillingCharge[]): PrimaryAdjudication | null {
  const chargeByLine = new Map(charges.filter((charge) => charge.chargeStatus !== 'void').map((charge) => [`${charge.lineNumber}|${charge.cptCode}`, charge.chargeID]));
  const claimAdjustments = new AdjustmentSums();
  const lines = new Map<number, { paidCents: Cents; settledCents: Cents; chargeCents: Cents; adjustments: AdjustmentSums }>();
  const lineOf = (row: PrimaryLedgerRow) => {
    const chargeID = row.lineNumber === null ? undefined : chargeByLine.get(`${row.lineNumber}|${row.cptCode}`);
    if (chargeID === undefined) return null;
    let line = lines.get(chargeID);
    if (!line) lines.set(chargeID, (line = { paidCents: 0, settledCents: 0, chargeCents: row.chargeCents ?? 0, adjustments: new AdjustmentSums() }));
    return line;
  };
  let paidCents = 0;
  let paidDate: string | null = null;
  const shares: PrimaryLedgerRow[] = [];
  for (const row of rows) {
    const line = lineOf(row);
    if (row.entryType === 'insurance_payment') {
      paidCents += row.creditCents;
      if (paidDate === null || row.postingDate > paidDate) paidDate = row.postingDate;
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
  return {
    payer,
    paidCents,
    paidDate,
    adjustments,
    lines: charges.flatMap(({ chargeID }) => {
      const line = lines.get(chargeID);
      return line ? [{ chargeID, paidCents: line.paidCents, adjustments: line.adjustments.list() }] : [];
    }),
  };
}

function chargeOf(row: ChargeRow, providers: ReadonlyMap<number, BillingProvider>): BillingCharge {
  const { claimID: _claimID, renderingProviderID, ...charge } = row;
  return { ...charge, renderingProvider: renderingProviderID === null ? null : (providers.get(renderingProviderID) ?? null) };
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

const byID = <T>(rows: readonly T[], id: (row: T) => number): Map<number, T> => new Map(rows.map((row) => [id(row), row]));

/**
 * The claims asked for, in the order asked (each once); IDs that match no claim are left out.
 * Practices, providers, payers and patients are read once per batch, so claims of one practice
 * share its object: treat what this returns as read-only. `primary` is filled for a claim billing
 * a secondary or tertiary coverage that was crossed over from an original claim
 * (claims.crossover_of_claim_id) once that original has payer postings.
 */
export async function loadBillingClaims(q: Queryable, claimIDs: readonly number[]): Promise<BillingClaim[]> {
  const ids = [...new Set(claimIDs)];
  if (ids.length === 0) return [];
  const headers = await claimRows(q, ids);
  const distinct = (pick: (header: ClaimRow) => number | null) => [...new Set(headers.map(pick).filter((id): id is number => id !== null))];
  // One after another: inside a transaction the queries share one connection anyway.
  const chargeList = await chargeRows(q, ids);
  const diagnosisList = await diagnosisRows(q, ids);
  const practices = byID(await practiceRows(q, distinct((header) => header.practiceID)), (row) => row.practiceID);
  const facilities = byID(await facilityRows(q, distinct((header) => header.facilityID)), (row) => row.facilityID);
  const patients = byID(await patientRows(q, distinct((header) => header.patientID)), (row) => row.patientID);
  const coverageList = await coverageRows(q, [...patients.keys()]);

  const providerIDs = new Set([
    ...distinct((header) => header.providerID),
    ...distinct((header) => header.referringProviderID),
    ...distinct((header) => header.supervisingProviderID),
    ...chargeList.flatMap((charge) => (charge.renderingProviderID === null ? [] : [charge.renderingProviderID])),
  ]);
  const providers = byID(await providerRows(q, [...providerIDs]), (row) => row.providerID);

  const coverageByID = byID(coverageList, (row) => row.patientInsuranceID);
  const billsLaterPayer = (header: ClaimRow) => header.patientInsuranceID !== null && (coverageByID.get(header.patientInsuranceID)?.priority ?? 1) > 1;
  const originalIDs = distinct((header) => (billsLaterPayer(header) ? header.crossoverOfClaimID : null));
  const originals = originalIDs.length > 0 ? await originalClaimRows(q, originalIDs) : [];
  const ledgerByOriginal = groupBy(originalIDs.length > 0 ? await primaryLedgerRows(q, originalIDs) : [], (row) => row.originalClaimID);
  const payerIDs = new Set([...coverageList.map((row) => row.insuranceID), ...originals.flatMap((row) => (row.insuranceID === null ? [] : [row.insuranceID]))]);
  const payers = byID(await payerRows(q, [...payerIDs]), (row) => row.insuranceID);
  const originalPayers = new Map(originals.flatMap((row) => (row.insuranceID === null ? [] : [[row.claimID, found(payers, row.insuranceID, 'Payer')] as const])));

  const coverages = new Map(coverageList.map((row) => [row.patientInsuranceID, coverageOf(row, payers)]));
  const coveragesByPatient = groupBy(coverageList, (row) => row.patientID);
  const chargesByClaim = groupBy(chargeList, (row) => row.claimID);
  const diagnosesByClaim = groupBy(diagnosisList, (row) => row.claimID);

  const claims = new Map<number, BillingClaim>();
  for (const header of headers) {
    const { practiceID, facilityID, patientID, patientInsuranceID, providerID, referringProviderID, supervisingProviderID, crossoverOfClaimID, ...claim } = header;
    const coverage = patientInsuranceID === null ? null : found(coverages, patientInsuranceID, 'Coverage');
    const charges = (chargesByClaim.get(claim.claimID) ?? []).sort((a, b) => a.lineNumber - b.lineNumber || a.chargeID - b.chargeID).map((row) => chargeOf(row, providers));
    const inForce = (row: CoverageRow) =>
      row.active && row.patientInsuranceID !== patientInsuranceID && row.effectiveFrom <= claim.dosFrom && (row.effectiveTo === null || row.effectiveTo >= claim.dosFrom);
    const originalPayer = crossoverOfClaimID === null ? undefined : originalPayers.get(crossoverOfClaimID);
    const primaryRows = crossoverOfClaimID === null ? undefined : ledgerByOriginal.get(crossoverOfClaimID);
    claims.set(claim.claimID, {
      ...claim,
      practice: found(practices, practiceID, 'Practice'),
      facility: facilityID === null ? null : found(facilities, facilityID, 'Facility'),
      patient: found(patients, patientID, 'Patient'),
      provider: found(providers, providerID, 'Provider'),
      referringProvider: referringProviderID === null ? null : found(providers, referringProviderID, 'Provider'),
      supervisingProvider: supervisingProviderID === null ? null : found(providers, supervisingProviderID, 'Provider'),
      coverage,
      otherCoverages: (coveragesByPatient.get(patientID) ?? []).filter(inForce).map((row) => found(coverages, row.patientInsuranceID, 'Coverage')),
      primary: originalPayer && primaryRows && (coverage?.priority ?? 1) > 1 ? primaryAdjudicationOf(originalPayer, primaryRows, charges) : null,
      diagnoses: (diagnosesByClaim.get(claim.claimID) ?? []).map(({ sequence, icdCode }) => ({ sequence, icdCode })).sort((a, b) => a.sequence - b.sequence),
      charges,
    });
  }
  return ids.flatMap((id) => claims.get(id) ?? []);
}
