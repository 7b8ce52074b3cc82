import type { Transaction } from '../db/types.ts';
import { insertRows, reserveIds } from '../reference/bulkInsert.ts';
import { DEMO_EMAIL, DEMO_TOTP_SECRET } from './demo-user.ts';
import type { GroupIds, GroupKey } from './organisation.ts';
import { TABLES } from './tables.ts';

/** Menu roles, data roles and the demo users (see README: every demo user shares one password). */
const BILLER_MODULES = ['DASHBOARD', 'CLAIMS', 'PATIENTS', 'PAYMENTS', 'REPORTS'];

const DATA_ROLES: readonly { readonly name: string; readonly groups: readonly GroupKey[] }[] = [
  { name: 'All Groups', groups: ['lakeside', 'northwind'] },
  { name: 'Lakeside Only', groups: ['lakeside'] },
  { name: 'Northwind Only', groups: ['northwind'] },
];

interface UserFixture {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly role: 'Administrator' | 'Biller';
  readonly dataRole: string;
}

export const DEMO_USERS: readonly UserFixture[] = [
  { email: DEMO_EMAIL, firstName: 'Alex', lastName: 'Morgan', role: 'Administrator', dataRole: 'All Groups' },
  { email: 'biller@demo.test', firstName: 'Brianna', lastName: 'Lopez', role: 'Biller', dataRole: 'Lakeside Only' },
  { email: 'northwind@demo.test', firstName: 'Nathan', lastName: 'Reed', role: 'Biller', dataRole: 'Northwind Only' },
  {
    email: 'maria.gonzalez@demo.test',
    firstName: 'Maria',
    lastName: 'Gonzalez',
    role: 'Biller',
    dataRole: 'Lakeside Only',
  },
  {
    email: 'james.carter@demo.test',
    firstName: 'James',
    lastName: 'Carter',
    role: 'Biller',
    dataRole: 'Lakeside Only',
  },
  { email: 'priya.patel@demo.test', firstName: 'Priya', lastName: 'Patel', role: 'Biller', dataRole: 'All Groups' },
  {
    email: 'kevin.obrien@demo.test',
    firstName: 'Kevin',
    lastName: "O'Brien",
    role: 'Biller',
    dataRole: 'Northwind Only',
  },
];

export const DEFAULT_MODULE_URL = '/app/all-claims';

/** Returns the id of the demo administrator (the creator of the branding rows). */
export async function insertAccess(tx: Transaction, groupIds: GroupIds, passwordHash: string): Promise<number> {
  const modules = await tx.query<{ module_id: number; code: string }>(
    'SELECT module_id, code FROM modules ORDER BY module_id',
  );
  const missing = BILLER_MODULES.filter((code) => !modules.some((module) => module.code === code));
  if (missing.length > 0) throw new Error(`Modules missing (migrations not applied?): ${missing.join(', ')}`);

  const [adminRoleId, billerRoleId] = (await reserveIds(tx, 'roles', 'role_id', 2)) as [number, number];
  await insertRows(tx, TABLES.roles, [
    { role_id: adminRoleId, name: 'Administrator', active: true },
    { role_id: billerRoleId, name: 'Biller', active: true },
  ]);
  await insertRows(tx, TABLES.roleModules, [
    ...modules.map((module) => ({ role_id: adminRoleId, module_id: module.module_id })),
    ...modules
      .filter((module) => BILLER_MODULES.includes(module.code))
      .map((module) => ({ role_id: billerRoleId, module_id: module.module_id })),
  ]);

  const dataRoleIds = await reserveIds(tx, 'data_roles', 'data_role_id', DATA_ROLES.length);
  const dataRoleId = new Map(DATA_ROLES.map((role, index) => [role.name, dataRoleIds[index] as number]));
  await insertRows(
    tx,
    TABLES.dataRoles,
    DATA_ROLES.map((role) => ({ data_role_id: dataRoleId.get(role.name) ?? null, name: role.name, active: true })),
  );
  await insertRows(
    tx,
    TABLES.dataRoleGroups,
    DATA_ROLES.flatMap((role) =>
      role.groups.map((key) => ({ data_role_id: dataRoleId.get(role.name) ?? null, group_id: groupIds[key] })),
    ),
  );

  const userIds = await reserveIds(tx, 'users', 'user_id', DEMO_USERS.length);
  await insertRows(
    tx,
    TABLES.users,
    DEMO_USERS.map((user, index) => ({
      user_id: userIds[index] ?? null,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      password_hash: passwordHash,
      totp_secret: DEMO_TOTP_SECRET,
      role_id: user.role === 'Administrator' ? adminRoleId : billerRoleId,
      data_role_id: dataRoleId.get(user.dataRole) ?? null,
      default_module_url: DEFAULT_MODULE_URL,
      active: true,
    })),
  );
  return userIds[0] as number;
}
