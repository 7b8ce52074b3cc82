/**
 * Fixtures for the work-queue tests: the Lakeside group with two practices (North, the test
 * group's own, and South, added here), the Faraway group nobody at Lakeside sees, and people to
 * give claims to, each with a name the refusals can quote:
 * - Bea Biller (the caller) and Cal Colleague and Dee Deputy see all of Lakeside;
 * - Sam South sees only Lakeside South;
 * - Fay Faraway sees only Faraway;
 * - Ian Inactive saw Lakeside but is no longer active.
 */
import type { Db, Queryable } from '../../db/types.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';

export interface WorkQueueTestData {
  lakeside: TestGroup;
  /** Claims of Lakeside South (the same patient and provider as North's). */
  southClaimIds: number[];
  southPracticeId: number;
  faraway: TestGroup;
  users: Record<
    'biller' | 'colleague' | 'deputy' | 'south' | 'faraway' | 'inactive',
    { userId: number; email: string; name: string }
  >;
}

async function named(db: Db, email: string, first: string, last: string, groupIds: number[], active = true) {
  const user = await createTestUser(db, email, { groupIds, active });
  await db.query('UPDATE users SET first_name = $2, last_name = $3 WHERE user_id = $1', [user.userId, first, last]);
  return { ...user, name: `${first} ${last}` };
}

async function addPractice(
  q: Queryable,
  group: TestGroup,
  claims: number,
): Promise<{ practiceId: number; claimIds: number[] }> {
  const [practice] = await q.query<{ id: number }>(
    `INSERT INTO practices (group_id, name, npi, tax_id, address1, city, state, zip)
     VALUES ($1, 'Lakeside South', '1234567893', '123456789', '9 Shore Rd', 'Austin', 'TX', '78702-1234') RETURNING practice_id AS id`,
    [group.groupId],
  );
  const practiceId = practice!.id;
  const rows = await q.query<{ id: number }>(
    `INSERT INTO claims (group_id, practice_id, patient_id, patient_name, insurance_id, provider_id, claim_status_id, scrub_status_id, submit_status_id,
                         dos_from, dos_to, total_charge_cents, balance_cents)
     SELECT $1, $2, $3, 'SMITH, JANE', $4, $5, 1, 1, 1, DATE '2026-02-01' + n, DATE '2026-02-01' + n, 5000, 5000
       FROM generate_series(1, $6::int) AS n
     RETURNING claim_id AS id`,
    [group.groupId, practiceId, group.patientId, group.insuranceId, group.providerId, claims],
  );
  return { practiceId, claimIds: rows.map((row) => row.id) };
}

export async function createWorkQueueTestData(
  db: Db,
  options: { lakesideClaims: number; southClaims: number },
): Promise<WorkQueueTestData> {
  const lakeside = await createTestGroup(db, 'Lakeside', { claims: options.lakesideClaims });
  const south = await addPractice(db, lakeside, options.southClaims);
  const faraway = await createTestGroup(db, 'Faraway', { claims: 3 });
  const users = {
    biller: await named(db, 'bea@example.test', 'Bea', 'Biller', [lakeside.groupId]),
    colleague: await named(db, 'cal@example.test', 'Cal', 'Colleague', [lakeside.groupId]),
    deputy: await named(db, 'dee@example.test', 'Dee', 'Deputy', [lakeside.groupId]),
    south: await named(db, 'sam@example.test', 'Sam', 'South', [lakeside.groupId]),
    faraway: await named(db, 'fay@example.test', 'Fay', 'Faraway', [faraway.groupId]),
    inactive: await named(db, 'ian@example.test', 'Ian', 'Inactive', [lakeside.groupId], false),
  };
  // A practice row under a selected group narrows the data role to the practices listed.
  await db.query(
    'INSERT INTO data_role_practices (data_role_id, practice_id) SELECT data_role_id, $2 FROM users WHERE user_id = $1',
    [users.south.userId, south.practiceId],
  );
  return { lakeside, southClaimIds: south.claimIds, southPracticeId: south.practiceId, faraway, users };
}
