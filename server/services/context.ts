import type { ModuleCode } from '../../contract/call.ts';
import type { Db } from '../db/types.ts';
import type { DataScope } from './access/dataScope.ts';

/** Where an action came from; carried into the audit log. */
export type ActionSource = 'api' | 'palette' | 'hotkey' | 'menu' | 'button' | 'bulk' | 'system';

/** The signed-in user a service acts for; built by the HTTP layer, passed explicitly. */
export interface Actor {
  userId: number;
  sessionId: number;
  loginAuditId: number;
  roleId: number;
  dataRoleId: number;
  modules: ReadonlySet<ModuleCode>;
  mustChangePassword: boolean;
  ip: string;
  source: ActionSource;
  /** The data role's groups and practices as read with the session, when they were. */
  scope?: DataScope;
  /**
   * The claims' change number as read with the session, before anything the request reads: the
   * claims lists key their cached counts and positions on it (listPositions.ts). Each round trip
   * to the database costs the server a wake-up of a backend; reading it here leaves a list page
   * two instead of three.
   */
  claimsVersion?: number;
}

/** What every service call gets: the database, the clock, and who acts. */
export interface ServiceDeps {
  db: Db;
  now: () => Date;
}
