import type { Queryable } from '../db/types.ts';
import { fiscalYearRange } from '../reference/fiscalYear.ts';
import { addMonths, dateToDay } from './dates.ts';
import { DiagnosisCodes } from './diagnosisCodes.ts';
import { FeeLookup } from './fees.ts';
import { GROUPS, SPECIALTIES, TAXONOMY, type Specialty } from './organisation-data.ts';
import { PatientPool } from './patientPool.ts';
import { payerBehaviour, type InsuranceType, type PayerFixture } from './payers.ts';
import type { NdcFixture } from './procedures.ts';
import type { Weighted } from './random.ts';

/**
 * Everything claim generation needs, read from the database. Fresh seeding and --append both go
 * through here, so appended claims use exactly what is stored (edited fees, new providers...).
 */
export interface FacilityRef {
  readonly facilityId: number;
  readonly posCode: string;
}

export interface PracticeRef {
  readonly practiceId: number;
  readonly groupId: number;
  readonly specialty: Specialty;
  readonly providerIds: readonly number[];
  readonly referringIds: readonly number[];
  readonly facilities: readonly Weighted<FacilityRef>[];
}

export interface PayerRef {
  readonly insuranceId: number;
  readonly name: string;
  readonly type: InsuranceType;
  readonly behaviour: PayerFixture;
}

export interface SeedContext {
  readonly nowDay: number;
  /** Dates of service claims may get: the last ~14 months, within the loaded ICD-10-CM years. */
  readonly firstDosDay: number;
  readonly lastDosDay: number;
  readonly practices: ReadonlyMap<number, PracticeRef>;
  readonly patients: PatientPool;
  readonly payers: ReadonlyMap<number, PayerRef>;
  readonly fees: FeeLookup;
  /** NDC by `${practiceId}:${code}`. */
  readonly ndc: ReadonlyMap<string, NdcFixture>;
  /** Users who may work a group's claims, by group id. */
  readonly billers: ReadonlyMap<number, readonly number[]>;
  readonly diagnoses: DiagnosisCodes;
}

export const HISTORY_MONTHS = 14;

const specialtyOf = (taxonomy: string | null): Specialty =>
  SPECIALTIES.find((specialty) => TAXONOMY[specialty] === taxonomy) ?? 'family';

function facilityWeight(name: string, posCode: string): number {
  const fixture = GROUPS.flatMap((group) => group.practices.flatMap((practice) => practice.facilities)).find(
    (facility) => facility.name === name,
  );
  return fixture?.visitWeight ?? (posCode === '11' ? 80 : 10);
}

function groupBy<K, V>(rows: readonly V[], key: (row: V) => K): Map<K, V[]> {
  const map = new Map<K, V[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

async function loadPractices(q: Queryable): Promise<Map<number, PracticeRef>> {
  const practices = await q.query<{ practice_id: number; group_id: number; taxonomy_code: string | null }>(
    'SELECT practice_id, group_id, taxonomy_code FROM practices WHERE active ORDER BY practice_id',
  );
  const providers = await q.query<{
    provider_id: number;
    group_id: number;
    practice_id: number | null;
    is_referring: boolean;
  }>('SELECT provider_id, group_id, practice_id, is_referring FROM providers WHERE active ORDER BY provider_id');
  const facilities = await q.query<{ facility_id: number; practice_id: number; name: string; pos_code: string | null }>(
    'SELECT facility_id, practice_id, name, pos_code FROM facilities WHERE active ORDER BY facility_id',
  );
  const rendering = groupBy(
    providers.filter((provider) => !provider.is_referring && provider.practice_id !== null),
    (provider) => provider.practice_id,
  );
  const referring = groupBy(
    providers.filter((provider) => provider.is_referring),
    (provider) => provider.group_id,
  );
  const facilityRows = groupBy(facilities, (facility) => facility.practice_id);

  const result = new Map<number, PracticeRef>();
  for (const practice of practices) {
    const providerIds = (rendering.get(practice.practice_id) ?? []).map((provider) => provider.provider_id);
    const facilityRefs = (facilityRows.get(practice.practice_id) ?? []).map((facility) => {
      const posCode = facility.pos_code ?? '11';
      return { value: { facilityId: facility.facility_id, posCode }, weight: facilityWeight(facility.name, posCode) };
    });
    // A practice without a rendering provider or a facility cannot bill; leave it out.
    if (providerIds.length === 0 || facilityRefs.length === 0) continue;
    result.set(practice.practice_id, {
      practiceId: practice.practice_id,
      groupId: practice.group_id,
      specialty: specialtyOf(practice.taxonomy_code),
      providerIds,
      referringIds: (referring.get(practice.group_id) ?? []).map((provider) => provider.provider_id),
      facilities: facilityRefs,
    });
  }
  return result;
}

async function loadPayers(q: Queryable): Promise<Map<number, PayerRef>> {
  const rows = await q.query<{ insurance_id: number; name: string; insurance_type: InsuranceType }>(
    'SELECT insurance_id, name, insurance_type FROM insurances ORDER BY insurance_id',
  );
  return new Map(
    rows.map((row) => [
      row.insurance_id,
      {
        insuranceId: row.insurance_id,
        name: row.name,
        type: row.insurance_type,
        behaviour: payerBehaviour(row.name, row.insurance_type),
      },
    ]),
  );
}

async function loadNdc(q: Queryable): Promise<Map<string, NdcFixture>> {
  const rows = await q.query<{
    practice_id: number;
    cpt_code: string;
    ndc_code: string;
    ndc_units: string;
    ndc_unit_type: NdcFixture['unitType'];
    description: string | null;
  }>(
    'SELECT practice_id, cpt_code, ndc_code, ndc_units, ndc_unit_type, description FROM cpt_ndc_crosswalks ORDER BY cpt_ndc_crosswalk_id',
  );
  const map = new Map<string, NdcFixture>();
  for (const row of rows) {
    const key = `${row.practice_id}:${row.cpt_code}`;
    if (!map.has(key))
      map.set(key, {
        ndcCode: row.ndc_code,
        units: Number(row.ndc_units),
        unitType: row.ndc_unit_type,
        description: row.description ?? '',
      });
  }
  return map;
}

async function loadBillers(q: Queryable): Promise<Map<number, number[]>> {
  const rows = await q.query<{ group_id: number; user_id: number }>(
    `SELECT DISTINCT g.group_id, u.user_id
       FROM users u
       JOIN role_modules rm ON rm.role_id = u.role_id
       JOIN modules m ON m.module_id = rm.module_id AND m.code = 'CLAIMS'
       JOIN data_role_groups g ON g.data_role_id = u.data_role_id
      WHERE u.active
      ORDER BY g.group_id, u.user_id`,
  );
  const byGroup = groupBy(rows, (row) => row.group_id);
  return new Map([...byGroup].map(([groupId, list]) => [groupId, list.map((row) => row.user_id)]));
}

/** Dates of service: the history window, narrowed to the fiscal years whose codes are loaded. */
function dosWindow(nowDay: number, diagnoses: DiagnosisCodes): { firstDosDay: number; lastDosDay: number } {
  const years = diagnoses.fiscalYears;
  const firstYear = years[0];
  const lastYear = years[years.length - 1];
  if (firstYear === undefined || lastYear === undefined)
    throw new Error('No ICD-10-CM codes loaded: run loadReferenceData first.');
  const firstDosDay = Math.max(addMonths(nowDay, -HISTORY_MONTHS), dateToDay(fiscalYearRange(firstYear).first));
  const lastDosDay = Math.min(nowDay, dateToDay(fiscalYearRange(lastYear).last));
  if (firstDosDay > lastDosDay)
    throw new Error(
      `No loaded ICD-10-CM fiscal year (${years.join(', ')}) covers the ${HISTORY_MONTHS} months before today.`,
    );
  return { firstDosDay, lastDosDay };
}

export async function loadSeedContext(q: Queryable, nowDay: number): Promise<SeedContext> {
  const practices = await loadPractices(q);
  const diagnoses = await DiagnosisCodes.load(q);
  return {
    nowDay,
    ...dosWindow(nowDay, diagnoses),
    practices,
    patients: await PatientPool.load(q, [...practices.keys()]),
    payers: await loadPayers(q),
    fees: await FeeLookup.load(q),
    ndc: await loadNdc(q),
    billers: await loadBillers(q),
    diagnoses,
  };
}

/** The window of dates of service, without loading the rest (patients' coverage must start before it). */
export async function loadDosWindow(
  q: Queryable,
  nowDay: number,
): Promise<{ firstDosDay: number; lastDosDay: number }> {
  return dosWindow(nowDay, await DiagnosisCodes.load(q));
}
