import type { Db } from '../db/types.ts';
import { reserveIds, RowBuffer, type RowOf } from '../reference/bulkInsert.ts';
import { addMonths, dateToDay, dayToDate, timestampOn } from './dates.ts';
import { randomGroupNumber, randomMemberId } from './identifiers.ts';
import {
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  LOCALITIES,
  MALE_FIRST_NAMES,
  STREET_NAMES,
  STREET_SUFFIXES,
  type Locality,
} from './names.ts';
import type { GroupFixture, PracticeFixture } from './organisation-data.ts';
import { PAYERS, type PayerFixture } from './payers.ts';
import type { Random, Weighted } from './random.ts';
import { skipReferenceChecksOnPglite } from './referenceChecks.ts';
import { TABLES } from './tables.ts';

/** Demo patients with their coverage (primary, sometimes secondary) and, for minors, a guarantor. */
export interface SeedPractice {
  readonly practiceId: number;
  readonly groupId: number;
  readonly group: GroupFixture;
  readonly fixture: PracticeFixture;
}

export interface PatientPlan {
  readonly practices: readonly SeedPractice[];
  /** Insurance id by payer name. */
  readonly payerIds: ReadonlyMap<string, number>;
  /** Today, and the earliest date of service claims may get (coverage must start before it). */
  readonly nowDay: number;
  readonly firstDosDay: number;
  readonly count: number;
  readonly chunkSize: number;
}

type PatientRow = RowOf<typeof TABLES.patients.columns>;
type InsuranceRow = RowOf<typeof TABLES.patientInsurances.columns>;
type GuarantorRow = RowOf<typeof TABLES.patientGuarantors.columns>;

interface Person {
  readonly first: string;
  readonly last: string;
  readonly dateOfBirth: string;
}

const payerByName = (name: string): PayerFixture => {
  const payer = PAYERS.find((candidate) => candidate.name === name);
  if (!payer) throw new Error(`Payer ${name} is not in the fixture.`);
  return payer;
};
const payerOfType = (type: PayerFixture['type']): PayerFixture => {
  const payer = PAYERS.find((candidate) => candidate.type === type);
  if (!payer) throw new Error(`No ${type} payer in the fixture.`);
  return payer;
};

const MEDICARE = payerOfType('medicare');
const MEDICAID = payerOfType('medicaid');
const COMMERCIAL = PAYERS.filter((payer) => payer.type === 'commercial' || payer.type === 'bcbs');
const adultPrimary: readonly Weighted<PayerFixture>[] = PAYERS.filter((payer) => payer.primaryWeight > 0).map(
  (payer) => ({ value: payer, weight: payer.primaryWeight }),
);
const childPrimary: readonly Weighted<PayerFixture>[] = [
  { value: MEDICAID, weight: 40 },
  ...COMMERCIAL.map((payer) => ({ value: payer, weight: payer.primaryWeight })),
  { value: payerOfType('tricare'), weight: 3 },
];
const seniorPrimary: readonly Weighted<PayerFixture>[] = [
  { value: MEDICARE, weight: 88 },
  { value: payerByName('Humana'), weight: 7 },
  { value: payerByName('Blue Cross Blue Shield of Texas'), weight: 5 },
];
// Medigap and dual-eligible coverage behind Medicare.
const medicareSecondary: readonly Weighted<PayerFixture>[] = [
  { value: payerByName('UnitedHealthcare'), weight: 40 },
  { value: payerByName('Blue Cross Blue Shield of Texas'), weight: 30 },
  { value: payerByName('Aetna'), weight: 15 },
  { value: MEDICAID, weight: 15 },
];

type AgeBand = 'child' | 'adult' | 'senior';

function ageBands(practice: PracticeFixture): Weighted<AgeBand>[] {
  const child = practice.specialty === 'internal' ? 0 : practice.specialty === 'orthopaedic' ? 6 : 16;
  const senior = practice.specialty === 'internal' ? 42 : 28;
  return [
    { value: 'child', weight: child },
    { value: 'senior', weight: senior },
    { value: 'adult', weight: 100 - child - senior },
  ];
}

function birthDate(random: Random, nowDay: number, minAge: number, maxAge: number): string {
  const latest = addMonths(nowDay, -12 * minAge);
  const earliest = addMonths(nowDay, -12 * (maxAge + 1)) + 1;
  return dayToDate(random.int(earliest, latest));
}

function streetAddress(random: Random): { address1: string; address2: string | null } {
  const address1 = `${random.int(100, 9899)} ${random.pick(STREET_NAMES)} ${random.pick(STREET_SUFFIXES)}`;
  return { address1, address2: random.chance(0.12) ? `Apt ${random.int(101, 2420)}` : null };
}

const zipPlus4 = (random: Random, locality: Locality): string => `${random.pick(locality.zips)}-${random.digits(4)}`;
// 555-0100 to 555-0199 are reserved for fiction: no demo number rings a real phone.
const phoneNumber = (random: Random, locality: Locality): string => `${locality.areaCode}-555-01${random.digits(2)}`;
const emailLocal = (text: string): string => text.toLowerCase().replace(/[^a-z]/g, '');

/** Coverage start: before the first claim date, and for Medicare the month of the 65th birthday. */
function coverageStart(random: Random, payer: PayerFixture, person: Person, plan: PatientPlan): string {
  const start = random.int(plan.firstDosDay - 6 * 365, plan.firstDosDay - 30);
  const birthDay = dateToDay(person.dateOfBirth);
  const floor = payer.type === 'medicare' ? addMonths(birthDay, 65 * 12) : birthDay;
  return dayToDate(Math.min(Math.max(start, floor), plan.firstDosDay - 1));
}

class PatientWriter {
  readonly patients = new RowBuffer(TABLES.patients);
  readonly insurances = new RowBuffer(TABLES.patientInsurances);
  readonly guarantors = new RowBuffer(TABLES.patientGuarantors);
  private readonly sequence = new Map<number, number>();

  constructor(
    private readonly random: Random,
    private readonly plan: PatientPlan,
  ) {}

  private payerId(payer: PayerFixture): number {
    const id = this.plan.payerIds.get(payer.name);
    if (id === undefined) throw new Error(`Insurance ${payer.name} was not inserted.`);
    return id;
  }

  private accountNumber(practice: SeedPractice): string {
    const next = (this.sequence.get(practice.groupId) ?? 0) + 1;
    this.sequence.set(practice.groupId, next);
    return `${practice.group.accountPrefix}${String(next).padStart(6, '0')}`;
  }

  add(patientId: number): void {
    const { random, plan } = this;
    const practice = random.weighted(
      plan.practices.map((candidate) => ({ value: candidate, weight: candidate.fixture.patientWeight })),
    );
    const band = random.weighted(ageBands(practice.fixture));
    const female = random.chance(0.53);
    const first = random.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const [minAge, maxAge] = band === 'child' ? [3, 17] : band === 'senior' ? [67, 93] : [19, 64];
    const person: Person = { first, last, dateOfBirth: birthDate(random, plan.nowDay, minAge, maxAge) };
    const locality = random.pick(LOCALITIES[practice.group.key] ?? []);
    const { address1, address2 } = streetAddress(random);
    const zip = zipPlus4(random, locality);
    const accountNumber = this.accountNumber(practice);

    const patient: PatientRow = {
      patient_id: patientId,
      group_id: practice.groupId,
      practice_id: practice.practiceId,
      account_number: accountNumber,
      first_name: first,
      middle_name: random.chance(0.3) ? random.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES) : null,
      last_name: last,
      date_of_birth: person.dateOfBirth,
      sex: female ? 'F' : 'M',
      address1,
      address2,
      city: locality.city,
      state: locality.state,
      zip,
      phone: phoneNumber(random, locality),
      email: random.chance(0.55) ? `${emailLocal(first)}.${emailLocal(last)}${random.int(1, 99)}@example.com` : null,
      active: true,
      created_at: timestampOn(random.int(plan.firstDosDay - 900, plan.firstDosDay - 1), random.int(8 * 60, 17 * 60)),
    };
    this.patients.push(patient);

    // A minor's bills go to a parent, who is also the subscriber of a commercial plan.
    const parent: Person | null =
      band === 'child'
        ? {
            first: random.pick(random.chance(0.6) ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES),
            last,
            dateOfBirth: birthDate(random, plan.nowDay, 26, 50),
          }
        : null;
    if (parent) {
      const guarantor: GuarantorRow = {
        patient_id: patientId,
        relation: random.chance(0.6) ? 'Mother' : 'Father',
        first_name: parent.first,
        last_name: parent.last,
        address1,
        city: locality.city,
        state: locality.state,
        zip,
        phone: patient.phone,
      };
      this.guarantors.push(guarantor);
    }

    const primary = random.weighted(band === 'child' ? childPrimary : band === 'senior' ? seniorPrimary : adultPrimary);
    this.addCoverage(patientId, 1, primary, person, parent, accountNumber);
    const secondary =
      primary.type === 'medicare' && random.chance(0.45)
        ? random.weighted(medicareSecondary)
        : (primary.type === 'commercial' || primary.type === 'bcbs') && random.chance(0.06)
          ? random.pick(COMMERCIAL.filter((payer) => payer !== primary))
          : null;
    if (secondary) this.addCoverage(patientId, 2, secondary, person, parent, accountNumber);
  }

  private addCoverage(
    patientId: number,
    priority: number,
    payer: PayerFixture,
    person: Person,
    parent: Person | null,
    accountNumber: string,
  ): void {
    const { random, plan } = this;
    const commercial = payer.type === 'commercial' || payer.type === 'bcbs';
    const spouse: Person | null =
      commercial && !parent && random.chance(0.15)
        ? {
            first: random.pick(random.chance(0.5) ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES),
            last: person.last,
            dateOfBirth: person.dateOfBirth,
          }
        : null;
    // X12 individual relationship codes: 18 self, 19 child, 01 spouse, 20 employee.
    const [relation, subscriber] =
      parent && (commercial || payer.type === 'tricare')
        ? ['19', parent]
        : spouse
          ? ['01', spouse]
          : payer.type === 'workers_comp'
            ? ['20', person]
            : ['18', person];
    const drawn: Omit<InsuranceRow, 'insurance_id'> = {
      patient_id: patientId,
      priority,
      subscriber_id: randomMemberId(random, payer.memberIdStyle, accountNumber),
      group_number: commercial ? randomGroupNumber(random) : null,
      subscriber_relation: relation,
      subscriber_first_name: subscriber.first,
      subscriber_last_name: subscriber.last,
      subscriber_date_of_birth: subscriber.dateOfBirth,
      effective_from: coverageStart(random, payer, person, plan),
      effective_to: null,
      active: true,
    };
    // A self-pay patient has no insurance on file, so their claims bill no payer. The row is drawn
    // all the same, so every other patient's details come out of the stream as they did.
    if (payer.type === 'self_pay') return;
    this.insurances.push({ ...drawn, insurance_id: this.payerId(payer) });
  }
}

/** Inserts `plan.count` patients, a chunk per transaction; returns how many were written. */
export async function insertPatients(db: Db, random: Random, plan: PatientPlan): Promise<number> {
  const writer = new PatientWriter(random, plan);
  for (let done = 0; done < plan.count;) {
    const size = Math.min(plan.chunkSize, plan.count - done);
    await db.transaction(async (tx) => {
      await skipReferenceChecksOnPglite(tx, db.engine);
      const ids = await reserveIds(tx, 'patients', 'patient_id', size);
      ids.forEach((id) => writer.add(id));
      await writer.patients.flush(tx);
      await writer.insurances.flush(tx);
      await writer.guarantors.flush(tx);
    });
    done += size;
  }
  return plan.count;
}
