import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGroup, type TestGroup } from '../../test/fixtures.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { DATA_SCOPE_OF_ROLE, loadDataScope } from './dataScope.ts';

/** The scope read beside the session must be the scope the data role grants, whatever its shape. */
describe.each(testEngines)('the data scope read with the session on $name', (engine) => {
  let database: TestDatabase;
  let north: TestGroup;
  let south: TestGroup;
  let southSecondPractice = 0;

  beforeAll(async () => {
    database = await engine.create();
    north = await createTestGroup(database.db, 'Scope North', { claims: 1 });
    south = await createTestGroup(database.db, 'Scope South', { claims: 1 });
    const [practice] = await database.db.query<{ id: number }>(
      `INSERT INTO practices (group_id, name, npi, tax_id, address1, city, state, zip)
        VALUES ($1, 'Scope South Two', '1234567893', '123456789', '2 Main St', 'Austin', 'TX', '78701-1234') RETURNING practice_id::int AS id`,
      [south.groupId],
    );
    southSecondPractice = practice!.id;
  });

  afterAll(() => database.dispose());

  const dataRole = async (groups: number[], practices: { id: number; show: boolean }[] = [], active = true) => {
    const [role] = await database.db.query<{ id: number }>(
      'INSERT INTO data_roles (name, active) VALUES ($1, $2) RETURNING data_role_id::int AS id',
      [`scope role ${Math.random()}`, active],
    );
    for (const group of groups)
      await database.db.query('INSERT INTO data_role_groups (data_role_id, group_id) VALUES ($1, $2)', [
        role!.id,
        group,
      ]);
    for (const practice of practices)
      await database.db.query('INSERT INTO data_role_practices (data_role_id, practice_id, show) VALUES ($1, $2, $3)', [
        role!.id,
        practice.id,
        practice.show,
      ]);
    return role!.id;
  };
  const withSession = async (role: number) => {
    const [row] = await database.db.query<{ group_ids: unknown[]; practice_ids: unknown[] }>(
      DATA_SCOPE_OF_ROLE('$1::bigint'),
      [role],
    );
    return { groupIds: row!.group_ids.map(Number).sort(), practiceIds: row!.practice_ids.map(Number) };
  };
  const loaded = async (role: number) => {
    const scope = await loadDataScope(database.db, role);
    return { groupIds: [...scope.groupIds].sort(), practiceIds: scope.practiceIds };
  };

  it('grants the same groups and practices as the data role, for every shape of role', async () => {
    const roles = [
      await dataRole([north.groupId]),
      await dataRole([north.groupId, south.groupId]),
      await dataRole([south.groupId], [{ id: southSecondPractice, show: true }]),
      await dataRole([south.groupId], [{ id: southSecondPractice, show: false }]),
      await dataRole([north.groupId, south.groupId], [{ id: south.practiceId, show: true }]),
      await dataRole([north.groupId], [], false),
      await dataRole([]),
    ];
    for (const role of roles) expect(await withSession(role)).toEqual(await loaded(role));
    expect(await withSession(roles[2]!)).toEqual({ groupIds: [south.groupId], practiceIds: [southSecondPractice] });
    expect(await withSession(roles[5]!)).toEqual({ groupIds: [], practiceIds: [] });
  });
});
