import { hashPassword } from '../auth/password.ts';
import type { Db, Queryable } from '../db/types.ts';
import { insertAccess } from './access.ts';
import { buildActivity } from './activity.ts';
import { insertBranding } from './branding.ts';
import { ClaimFactory } from './claims.ts';
import { ClaimWriter, type GeneratedClaim } from './claimWriter.ts';
import { loadDosWindow, loadSeedContext, type SeedContext } from './context.ts';
import { dayOf } from './dates.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from './demo-user.ts';
import { seedDemoMoney } from './demoMoney.ts';
import { buildLedger } from './ledger.ts';
import { insertOrganisation, type GroupIds } from './organisation.ts';
import { DEMO_GROUP_NAME, GROUPS } from './organisation-data.ts';
import { insertPatients, type SeedPractice } from './patients.ts';
import { Random } from './random.ts';
import { skipReferenceChecksOnPglite } from './referenceChecks.ts';

/**
 * The demo data generator: deterministic for a seed (and `now`), any size. Everything is written
 * with set-based inserts, and claims a chunk per transaction, so that a million claims stream
 * through in bounded memory and never hold one long transaction.
 */
export interface SeedOptions {
  readonly claims: number;
  readonly seed?: number;
  /** "Today" for the generated history; fix it to get the same data on another day. */
  readonly now?: Date;
  /** Claims per transaction. */
  readonly chunkSize?: number;
  readonly onProgress?: (claimsDone: number, claimsTotal: number) => void;
}

/** Row counts in the database after seeding, and what this run added. */
export interface SeedSummary {
  readonly seed: number;
  readonly claimsAdded: number;
  readonly groups: number;
  readonly practices: number;
  readonly providers: number;
  readonly patients: number;
  readonly claims: number;
  readonly charges: number;
  readonly ledgerEntries: number;
  readonly users: number;
}

export const DEFAULT_SEED = 42;
export const DEFAULT_DEMO_CLAIMS = 5_000;
const DEFAULT_CHUNK = 5_000;
// Rows per INSERT statement: large enough to amortise the statement, small enough for PGlite's heap.
const ROWS_PER_STATEMENT = 10_000;

/** True when no user exists yet: the state in which seeding is allowed. */
export async function isDatabaseEmpty(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS any');
  return !row?.any;
}

/** True when the demo group and the demo administrator exist (what --append adds claims to). */
export async function hasDemoData(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ present: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM groups WHERE name = $1) AND EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($2)) AS present',
    [DEMO_GROUP_NAME, DEMO_EMAIL],
  );
  return row?.present === true;
}

/** Bulk loads leave the planner guessing row counts; list queries pick bad plans until it knows. */
async function refreshPlannerStatistics(db: Db): Promise<void> {
  // VACUUM also sets the visibility map, without which covering indexes still read the heap.
  await db.exec('VACUUM ANALYZE');
}

async function summarise(db: Queryable, seed: number, claimsAdded: number): Promise<SeedSummary> {
  const [row] = await db.query<
    Record<
      'groups' | 'practices' | 'providers' | 'patients' | 'claims' | 'charges' | 'ledger_entries' | 'users',
      number
    >
  >(
    `SELECT (SELECT count(*) FROM groups) AS groups, (SELECT count(*) FROM practices) AS practices,
            (SELECT count(*) FROM providers) AS providers, (SELECT count(*) FROM patients) AS patients,
            (SELECT count(*) FROM claims) AS claims, (SELECT count(*) FROM charges) AS charges,
            (SELECT count(*) FROM ledger_entries) AS ledger_entries, (SELECT count(*) FROM users) AS users`,
  );
  if (!row) throw new Error('Count query returned nothing.');
  return {
    seed,
    claimsAdded,
    groups: row.groups,
    practices: row.practices,
    providers: row.providers,
    patients: row.patients,
    claims: row.claims,
    charges: row.charges,
    ledgerEntries: row.ledger_entries,
    users: row.users,
  };
}

/** Generates and writes `count` claims, a chunk per transaction. */
async function insertClaims(
  db: Db,
  ctx: SeedContext,
  random: Random,
  count: number,
  chunkSize: number,
  onProgress?: SeedOptions['onProgress'],
): Promise<void> {
  const factory = new ClaimFactory(ctx, random.fork('claims'));
  const ledgerRandom = random.fork('ledger');
  const activityRandom = random.fork('activity');
  const writer = new ClaimWriter(ROWS_PER_STATEMENT);
  for (let done = 0; done < count;) {
    const size = Math.min(chunkSize, count - done);
    const batch: GeneratedClaim[] = [];
    for (let i = 0; i < size; i += 1) {
      const claim = factory.next(done + i);
      const ledger = buildLedger(ledgerRandom, claim, ctx.nowDay);
      const activity = buildActivity(
        activityRandom,
        claim,
        ledger,
        ctx.billers.get(claim.practice.groupId) ?? [],
        ctx.nowDay,
      );
      batch.push({ claim, ledger, activity });
    }
    await db.transaction(async (tx) => {
      await skipReferenceChecksOnPglite(tx, db.engine);
      return writer.write(tx, batch);
    });
    done += size;
    onProgress?.(done, count);
  }
}

async function seedPractices(db: Queryable, groupIds: GroupIds): Promise<SeedPractice[]> {
  const rows = await db.query<{ practice_id: number; group_id: number; name: string }>(
    'SELECT practice_id, group_id, name FROM practices ORDER BY practice_id',
  );
  return GROUPS.flatMap((group) =>
    group.practices.map((fixture) => {
      const row = rows.find(
        (candidate) => candidate.name === fixture.name && candidate.group_id === groupIds[group.key],
      );
      if (!row) throw new Error(`Practice ${fixture.name} was not inserted.`);
      return { practiceId: row.practice_id, groupId: row.group_id, group, fixture };
    }),
  );
}

function checkCount(claims: number): void {
  if (!Number.isSafeInteger(claims) || claims < 0)
    throw new RangeError(`Claim count must be a whole number >= 0, got ${claims}.`);
}

/**
 * Seeds an empty database (migrated, reference data loaded): the two demo groups with practices,
 * payers, users and branding, about claims/3 patients (at least 20), and `claims` claims.
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedSummary> {
  checkCount(options.claims);
  if (!(await isDatabaseEmpty(db)))
    throw new Error('The database already has users: seed only an empty database, or append claims to the demo data.');
  const seed = options.seed ?? DEFAULT_SEED;
  const random = new Random(seed);
  const now = options.now ?? new Date();
  const nowDay = dayOf(now);
  const window = await loadDosWindow(db, nowDay);

  // One hash for every demo user: argon2id is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const groupIds = await db.transaction(async (tx) => {
    const ids = await insertOrganisation(tx, random.fork('organisation'));
    const adminId = await insertAccess(tx, ids, passwordHash);
    await insertBranding(tx, ids, adminId);
    return ids;
  });

  const payers = await db.query<{ insurance_id: number; name: string }>(
    'SELECT insurance_id, name FROM insurances WHERE group_id IS NULL ORDER BY insurance_id',
  );
  await insertPatients(db, random.fork('patients'), {
    practices: await seedPractices(db, groupIds),
    payerIds: new Map(payers.map((payer) => [payer.name, payer.insurance_id])),
    nowDay,
    firstDosDay: window.firstDosDay,
    count: Math.max(20, Math.round(options.claims / 3)),
    chunkSize: options.chunkSize ?? DEFAULT_CHUNK,
  });

  const ctx = await loadSeedContext(db, nowDay);
  await insertClaims(db, ctx, random, options.claims, options.chunkSize ?? DEFAULT_CHUNK, options.onProgress);
  await seedDemoMoney(db, groupIds, now);
  await refreshPlannerStatistics(db);
  return summarise(db, seed, options.claims);
}

/**
 * Adds `claims` claims to the patients, practices and payers already in the database. Without a
 * seed, the seed is derived from the current claim count, so that appending twice does not repeat
 * the same claims and the result is still reproducible from the same starting database.
 */
export async function appendDemoClaims(db: Db, options: SeedOptions): Promise<SeedSummary> {
  checkCount(options.claims);
  const [existing] = await db.query<{ claims: number; max_id: number }>(
    'SELECT count(*) AS claims, coalesce(max(claim_id), 0) AS max_id FROM claims',
  );
  const seed = options.seed ?? DEFAULT_SEED + (existing?.max_id ?? 0);
  const ctx = await loadSeedContext(db, dayOf(options.now ?? new Date()));
  await insertClaims(db, ctx, new Random(seed), options.claims, options.chunkSize ?? DEFAULT_CHUNK, options.onProgress);
  await refreshPlannerStatistics(db);
  return summarise(db, seed, options.claims);
}
