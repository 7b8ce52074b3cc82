/**
 * Reads claims as they are billed (billingClaim.ts) for any number of claims in a fixed handful of
 * queries, each over the whole batch (`= ANY($1)`): the scrubber and the 837 writer read
 * thousands at a time, and a query per claim would cost more than the work itself.
 */
import type { Cents } from '../../../contract/money.ts';
import type { Queryable } from '../../db/types.ts';
import type { BillingCharge, BillingClaim, BillingCoverage, BillingPayer, BillingProvider, PrimaryAdjudication } from './billingClaim.ts';

type Adjustment = PrimaryAdjudication['adjustments'][number];

const PAYER_JSON = `json_build_object('insuranceID', ins.insurance_id, 'name', ins.name, 'payerID', ins.payer_id, 'insuranceType', ins.insurance_type,
  'timelyFilingDays', ins.timely_filing_days, 'address1', ins.address1, 'city', ins.city, 'state', ins.state, 'zip', ins.zip)`;

const COVERAGE_JSON = `json_build_object('patientInsuranceID', pi.patient_insurance_id, 'priority', pi.priority, 'payer', ${PAYER_JSON},
  'subscriberID', pi.subscriber_id, 'groupNumber', pi.group_number, 'subscriberRelation', pi.subscriber_relation,
  'subscriberFirstName', pi.subscriber_first_name, 'subscriberLastName', pi.subscriber_last_name,
  'subscriberDateOfBirth', pi.subscriber_date_of_birth, 'effectiveFrom', pi.effective_from, 'effectiveTo', pi.effective_to)`;

interface ClaimRow extends Omit<BillingClaim, 'provider' | 'referringProvider' | 'supervisingProvider' | 'otherCoverages' | 'primary' | 'diagnoses' | 'charges'> {
  patientID: number;
  providerID: number;
  referringProviderID: number | null;
  supervisingProviderID: number | null;
  crossoverOfClaimID: number | null;
}

function claimRows(q: Queryable, ids: readonly number[]): Promise<ClaimRow[]> {
  return q.query<ClaimRow>(
    `SELECT c.claim_id AS "claimID", c.group_id AS "groupID", c.claim_type AS "claimType",
            c.claim_status_id AS "claimStatusID", c.scrub_status_id AS "scrubStatusID", c.submit_status_id AS "submitStatusID",
            c.dos_from AS "dosFrom", c.dos_to AS "dosTo", c.pos_code AS "posCode", c.frequency_code AS "frequencyCode",
            c.original_claim_number AS "originalClaimNumber", c.referral_number AS "referralNumber",
            c.prior_authorization_number AS "priorAuthorizationNumber", c.total_charge_cents AS "totalChargeCents",
            to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
            c.patient_id AS "patientID", c.provider_id AS "providerID", c.referring_provider_id AS "referringProviderID",
            c.supervising_provider_id AS "supervisingProviderID", c.crossover_of_claim_id AS "crossoverOfClaimID",
            json_build_object('practiceID', pr.practice_id, 'groupID', pr.group_id, 'name', pr.name, 'npi', pr.npi, 'taxID', pr.tax_id,
              'taxonomyCode', pr.taxonomy_code, 'phone', pr.phone, 'address1', pr.address1, 'address2', pr.address2,
              'city', pr.city, 'state', pr.state, 'zip', pr.zip) AS "practice",
            CASE WHEN f.facility_id IS NOT NULL THEN json_build_object('facilityID', f.facility_id, 'name', f.name, 'npi', f.npi,
              'posCode', f.pos_code, 'billType', f.bill_type, 'address1', f.address1, 'address2', NULL, 'city', f.city,
              'state', f.state, 'zip', f.zip) END AS "facility",
            json_build_object('patientID', pt.patient_id, 'accountNumber', pt.account_number, 'firstName', pt.first_name,
              'middleName', pt.middle_name, 'lastName', pt.last_name, 'dateOfBirth', pt.date_of_birth, 'sex', pt.sex,
              'address1', pt.address1, 'address2', pt.address2, 'city', pt.city, 'state', pt.state, 'zip', pt.zip) AS "patient",
            CASE WHEN pi.patient_insurance_id IS NOT NULL THEN ${COVERAGE_JSON} END AS "coverage"
       FROM claims c
       JOIN practices pr ON pr.practice_id = c.practice_id
       JOIN patients pt ON pt.patient_id = c.patient_id
       LEFT JOIN facilities f ON f.facility_id = c.facility_id
       LEFT JOIN patient_insurances pi ON pi.patient_insurance_id = c.patient_insurance_id
       LEFT JOIN insurances ins ON ins.insurance_id = pi.insurance_id
      WHERE c.claim_id = ANY($1::bigint[])`,
    [ids],
  );
}

interface ChargeRow extends Omit<BillingCharge, 'modifiers' | 'renderingProvider'> {
  claimID: number;
  modifier1: string | null;
  modifier2: string | null;
  modifier3: string | null;
  modifier4: string | null;
  renderingProviderID: number | null;
}

function chargeRows(q: Queryable, ids: readonly number[]): Promise<ChargeRow[]> {
  return q.query<ChargeRow>(
    `SELECT ch.claim_id AS "claimID", ch.charge_id AS "chargeID", ch.line_number::int AS "lineNumber", ch.cpt_code AS "cptCode",
            ch.modifier1, ch.modifier2, ch.modifier3, ch.modifier4, ch.units, ch.charge_cents AS "chargeCents",
            ch.diagnosis_pointers::int[] AS "diagnosisPointers", ch.dos_from AS "dosFrom", ch.dos_to AS "dosTo",
            ch.pos_code AS "posCode", ch.rendering_provider_id AS "renderingProviderID", ch.revenue_code AS "revenueCode",
            ch.ndc_code AS "ndcCode", ch.ndc_units::float8 AS "ndcUnits", ch.ndc_unit_type AS "ndcUnitType",
            ch.charge_status AS "chargeStatus", ch.line_control_number AS "lineControlNumber"
       FROM charges ch
      WHERE ch.claim_id = ANY($1::bigint[])
      ORDER BY ch.claim_id, ch.line_number, ch.charge_id`,
    [ids],
  );
}

function diagnosisRows(q: Queryable, ids: readonly number[]): Promise<{ claimID: number; sequence: number; icdCode: string }[]> {
  return q.query(
    `SELECT claim_id AS "claimID", sequence::int AS "sequence", icd_code AS "icdCode"
       FROM claim_diagnoses WHERE claim_id = ANY($1::bigint[]) ORDER BY claim_id, sequence`,
    [ids],
  );
}

function providerRows(q: Queryable, ids: readonly number[]): Promise<BillingProvider[]> {
  return q.query<BillingProvider>(
    `SELECT provider_id AS "providerID", provider_type AS "providerType", first_name AS "firstName", last_name AS "lastName",
            npi, taxonomy_code AS "taxonomyCode"
       FROM providers WHERE provider_id = ANY($1::bigint[])`,
    [ids],
  );
}

/** The patients' active coverages, by priority; each claim keeps those in force on its first date of service. */
function coverageRows(q: Queryable, patientIDs: readonly number[]): Promise<{ patientID: number; coverage: BillingCoverage }[]> {
  return q.query(
    `SELECT pi.patient_id AS "patientID", ${COVERAGE_JSON} AS "coverage"
       FROM patient_insurances pi
       JOIN insurances ins ON ins.insurance_id = pi.insurance_id
      WHERE pi.patient_id = ANY($1::bigint[]) AND pi.active
      ORDER BY pi.patient_id, pi.priority, pi.patient_insurance_id`,
    [patientIDs],
  );
}

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
function primaryLedgerRows(q: Queryable, originalIDs: readonly number[]): Promise<PrimaryLedgerRow[]> {
  return q.query<PrimaryLedgerRow>(
    `SELECT l.claim_id AS "originalClaimID", l.entry_type AS "entryType", -l.amount_cents AS "creditCents",
            l.adjustment_group_code AS "groupCode", l.reason_code AS "reasonCode", l.posting_date AS "postingDate",
            l.charge_id AS "chargeID", och.line_number::int AS "lineNumber", och.cpt_code AS "cptCode", och.charge_cents AS "chargeCents"
       FROM ledger_entries l
       LEFT JOIN charges och ON och.charge_id = l.charge_id
      WHERE l.claim_id = ANY($1::bigint[])
        AND l.entry_type IN ('insurance_payment', 'contractual_adjustment', 'patient_responsibility')
        AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id)
      ORDER BY l.claim_id, l.ledger_id`,
    [originalIDs],
  );
}

function originalPayers(q: Queryable, originalIDs: readonly number[]): Promise<{ claimID: number; payer: BillingPayer }[]> {
  return q.query(
    `SELECT c.claim_id AS "claimID", ${PAYER_JSON} AS "payer"
       FROM claims c JOIN insurances ins ON ins.insurance_id = c.insurance_id
      WHERE c.claim_id = ANY($1::bigint[])`,
    [originalIDs],
  );
}

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
export function primaryAdjudicationOf(payer: BillingPayer, rows: readonly PrimaryLedgerRow[], charges: readonly BillingCharge[]): PrimaryAdjudication | null {
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
    lines: [...lines].map(([chargeID, line]) => ({ chargeID, paidCents: line.paidCents, adjustments: line.adjustments.list() })),
  };
}

function chargeOf(row: ChargeRow, providers: ReadonlyMap<number, BillingProvider>): BillingCharge {
  const { claimID: _claimID, modifier1, modifier2, modifier3, modifier4, renderingProviderID, ...charge } = row;
  return {
    ...charge,
    modifiers: [modifier1, modifier2, modifier3, modifier4].filter((modifier): modifier is string => modifier !== null && modifier !== ''),
    renderingProvider: renderingProviderID === null ? null : (providers.get(renderingProviderID) ?? null),
  };
}

function providerOf(providers: ReadonlyMap<number, BillingProvider>, id: number): BillingProvider {
  const provider = providers.get(id);
  if (!provider) throw new Error(`Provider ${id} of a claim was not found.`);
  return provider;
}

/**
 * The claims asked for, in the order asked (each once); IDs that match no claim are left out.
 * `primary` is filled for a claim billing a secondary or tertiary coverage that was crossed over
 * from an original claim (claims.crossover_of_claim_id) once that original has payer postings.
 */
export async function loadBillingClaims(q: Queryable, claimIDs: readonly number[]): Promise<BillingClaim[]> {
  const ids = [...new Set(claimIDs)];
  if (ids.length === 0) return [];
  // One after another: inside a transaction the queries share one connection anyway.
  const headers = await claimRows(q, ids);
  const chargeList = await chargeRows(q, ids);
  const diagnosisList = await diagnosisRows(q, ids);

  const providerIDs = new Set<number>();
  for (const header of headers) {
    providerIDs.add(header.providerID);
    if (header.referringProviderID !== null) providerIDs.add(header.referringProviderID);
    if (header.supervisingProviderID !== null) providerIDs.add(header.supervisingProviderID);
  }
  for (const charge of chargeList) if (charge.renderingProviderID !== null) providerIDs.add(charge.renderingProviderID);
  const secondaries = headers.filter((header) => header.crossoverOfClaimID !== null && (header.coverage?.priority ?? 1) > 1);
  const originalIDs = [...new Set(secondaries.map((header) => header.crossoverOfClaimID as number))];

  const providerList = await providerRows(q, [...providerIDs]);
  const coverageList = await coverageRows(q, [...new Set(headers.map((header) => header.patientID))]);
  const ledgerList = originalIDs.length > 0 ? await primaryLedgerRows(q, originalIDs) : [];
  const payerList = originalIDs.length > 0 ? await originalPayers(q, originalIDs) : [];
  const providers = new Map(providerList.map((provider) => [provider.providerID, provider]));
  const chargesByClaim = groupBy(chargeList, (row) => row.claimID);
  const diagnosesByClaim = groupBy(diagnosisList, (row) => row.claimID);
  const coveragesByPatient = groupBy(coverageList, (row) => row.patientID);
  const ledgerByOriginal = groupBy(ledgerList, (row) => row.originalClaimID);
  const payerOfOriginal = new Map(payerList.map((row) => [row.claimID, row.payer]));

  const claims = new Map<number, BillingClaim>();
  for (const header of headers) {
    const { patientID, providerID, referringProviderID, supervisingProviderID, crossoverOfClaimID, ...claim } = header;
    const charges = (chargesByClaim.get(claim.claimID) ?? []).map((row) => chargeOf(row, providers));
    const originalPayer = crossoverOfClaimID === null ? undefined : payerOfOriginal.get(crossoverOfClaimID);
    const primaryRows = crossoverOfClaimID === null ? undefined : ledgerByOriginal.get(crossoverOfClaimID);
    const inForce = (coverage: BillingCoverage) =>
      coverage.patientInsuranceID !== claim.coverage?.patientInsuranceID && coverage.effectiveFrom <= claim.dosFrom && (coverage.effectiveTo === null || coverage.effectiveTo >= claim.dosFrom);
    claims.set(claim.claimID, {
      ...claim,
      provider: providerOf(providers, providerID),
      referringProvider: referringProviderID === null ? null : providerOf(providers, referringProviderID),
      supervisingProvider: supervisingProviderID === null ? null : providerOf(providers, supervisingProviderID),
      otherCoverages: (coveragesByPatient.get(patientID) ?? []).map((row) => row.coverage).filter(inForce),
      primary: originalPayer && primaryRows && (claim.coverage?.priority ?? 1) > 1 ? primaryAdjudicationOf(originalPayer, primaryRows, charges) : null,
      diagnoses: (diagnosesByClaim.get(claim.claimID) ?? []).map(({ sequence, icdCode }) => ({ sequence, icdCode })),
      charges,
    });
  }
  return ids.flatMap((id) => claims.get(id) ?? []);
}
