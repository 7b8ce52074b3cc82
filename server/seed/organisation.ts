import type { Transaction } from '../db/types.ts';
import { insertRows, reserveIds } from '../reference/bulkInsert.ts';
import { randomTaxId } from './identifiers.ts';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES } from './names.ts';
import { randomNpi } from './npi.ts';
import { GROUPS, REFERRING_TAXONOMIES, type GroupFixture } from './organisation-data.ts';
import { BILLED_PAYERS } from './payers.ts';
import { FEE_SCHEDULE_YEARS, PROCEDURES } from './procedures.ts';
import type { Random } from './random.ts';
import { TABLES } from './tables.ts';

export type GroupKey = GroupFixture['key'];
export type GroupIds = Readonly<Record<GroupKey, number>>;

/** Rounds a fee the way charge masters read: whole dollars, quarters for per-unit drug prices. */
function roundFee(cents: number): number {
  const step = cents >= 5_000 ? 100 : 25;
  return Math.max(step, Math.round(cents / step) * step);
}

/** Pairs each item with an id drawn from the table's identity sequence. */
async function withIds<T>(
  tx: Transaction,
  table: string,
  column: string,
  items: readonly T[],
): Promise<{ id: number; item: T }[]> {
  const ids = await reserveIds(tx, table, column, items.length);
  return items.map((item, index) => ({ id: ids[index] as number, item }));
}

function personName(random: Random): { first: string; last: string } {
  return {
    first: random.pick(random.chance(0.5) ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES),
    last: random.pick(LAST_NAMES),
  };
}

/**
 * The two billing clients with their practices, facilities, providers and fee schedules, and the
 * shared payer list. Small fixed tables, written in one transaction.
 */
export async function insertOrganisation(tx: Transaction, random: Random): Promise<GroupIds> {
  const npis = new Set<string>();
  const uniqueNpi = (entity: 'individual' | 'organization'): string => {
    for (;;) {
      const npi = randomNpi(random, entity);
      if (!npis.has(npi)) {
        npis.add(npi);
        return npi;
      }
    }
  };

  const groups = await withIds(tx, 'groups', 'group_id', GROUPS);
  await insertRows(
    tx,
    TABLES.groups,
    groups.map(({ id, item }) => ({ group_id: id, name: item.name, tax_id: randomTaxId(random), active: true })),
  );

  const practices = await withIds(
    tx,
    'practices',
    'practice_id',
    groups.flatMap(({ id, item }) => item.practices.map((practice) => ({ groupId: id, practice }))),
  );
  await insertRows(
    tx,
    TABLES.practices,
    practices.map(({ id, item: { groupId, practice } }) => ({
      practice_id: id,
      group_id: groupId,
      name: practice.name,
      npi: uniqueNpi('organization'),
      tax_id: randomTaxId(random),
      taxonomy_code: practice.taxonomyCode,
      address1: practice.address1,
      address2: practice.address2,
      city: practice.city,
      state: practice.state,
      zip: practice.zip,
      phone: practice.phone,
      active: true,
    })),
  );

  await insertRows(
    tx,
    TABLES.facilities,
    practices.flatMap(({ id, item: { groupId, practice } }) =>
      practice.facilities.map((facility) => ({
        group_id: groupId,
        practice_id: id,
        name: facility.name,
        npi: facility.posCode === '11' ? null : uniqueNpi('organization'),
        pos_code: facility.posCode,
        bill_type: facility.posCode === '21' ? '111' : facility.posCode === '22' ? '131' : null,
        address1: facility.address1,
        city: facility.city,
        state: practice.state,
        zip: facility.zip,
        active: true,
      })),
    ),
  );

  const rendering = practices.flatMap(({ id, item: { groupId, practice } }) =>
    Array.from({ length: practice.providerCount }, () => {
      const name = personName(random);
      return {
        group_id: groupId,
        practice_id: id,
        provider_type: 'individual',
        first_name: name.first,
        last_name: name.last,
        npi: uniqueNpi('individual'),
        taxonomy_code: practice.taxonomyCode,
        email: null,
        is_referring: false,
        active: true,
      };
    }),
  );
  const referring = groups.flatMap(({ id, item }) =>
    Array.from({ length: item.referringProviderCount }, () => {
      const name = personName(random);
      return {
        group_id: id,
        practice_id: null,
        provider_type: 'individual',
        first_name: name.first,
        last_name: name.last,
        npi: uniqueNpi('individual'),
        taxonomy_code: random.pick(REFERRING_TAXONOMIES),
        email: null,
        is_referring: true,
        active: true,
      };
    }),
  );
  await insertRows(tx, TABLES.providers, [...rendering, ...referring]);

  await insertRows(
    tx,
    TABLES.insurances,
    BILLED_PAYERS.map((payer) => ({
      group_id: null,
      name: payer.name,
      payer_id: payer.payerId,
      insurance_type: payer.type,
      address1: payer.address1 || null,
      city: payer.city || null,
      state: payer.state || null,
      zip: payer.zip || null,
      phone: payer.phone || null,
      timely_filing_days: payer.timelyFilingDays,
      active: true,
    })),
  );

  const schedules = await withIds(
    tx,
    'fee_schedules',
    'fee_schedule_id',
    practices.flatMap((practice) => FEE_SCHEDULE_YEARS.map((year) => ({ practice, year }))),
  );
  await insertRows(
    tx,
    TABLES.feeSchedules,
    schedules.map(({ id, item: { practice, year } }) => ({
      fee_schedule_id: id,
      practice_id: practice.id,
      insurance_id: null,
      name: year.name,
      effective_from: year.from,
      effective_to: year.to,
      active: true,
    })),
  );
  await insertRows(
    tx,
    TABLES.feeScheduleItems,
    schedules.flatMap(({ id, item: { practice, year } }) =>
      PROCEDURES.map((procedure) => ({
        fee_schedule_id: id,
        cpt_code: procedure.code,
        modifier: '',
        amount_cents: roundFee(procedure.baseFeeCents * practice.item.practice.feeFactor * year.factor),
      })),
    ),
  );

  await insertRows(
    tx,
    TABLES.cptNdcCrosswalks,
    practices.flatMap(({ id }) =>
      PROCEDURES.flatMap((procedure) =>
        procedure.ndc
          ? [
              {
                practice_id: id,
                cpt_code: procedure.code,
                ndc_code: procedure.ndc.ndcCode,
                ndc_units: procedure.ndc.units,
                ndc_unit_type: procedure.ndc.unitType,
                description: procedure.ndc.description,
              },
            ]
          : [],
      ),
    ),
  );

  const idOf = (key: GroupKey): number => {
    const group = groups.find(({ item }) => item.key === key);
    if (!group) throw new Error(`Group ${key} missing from the fixture.`);
    return group.id;
  };
  return { lakeside: idOf('lakeside'), northwind: idOf('northwind') };
}
