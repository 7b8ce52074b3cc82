/**
 * The data layer's door for one signed-in request (the shape of Medplum's repository): it holds
 * the database, the user and the user's data role, and a handler reaches claim and patient data
 * only through it. A service is bound to the request by one of the methods below, which hand it
 * the database, the actor and the data role's scope: a handler can neither pass another user's
 * scope nor forget to pass one, and never holds the database itself (a lint rule keeps it out of
 * server/routes/).
 *
 * A read (a GET call) made through the repository writes its read audit row itself, naming the
 * call and the ids asked for, once per request; a change audits in its own transaction, in the
 * service. The call layer still writes a row for a GET that read nothing through here, as a net.
 */
import type { Db } from '../../db/types.ts';
import { auditOfRequest } from '../audit/audit.ts';
import { auditCallRead } from '../audit/callAudit.ts';
import type { Actor } from '../context.ts';
import { loadUserScope, type DataScope } from './dataScope.ts';

/** What the call layer tells the repository about the request it serves. */
export interface RequestOfRepository {
  /** Controller/name of the call, for the audit row. */
  call: string;
  /** A read (GET): what goes through the repository is audited as read. */
  reads: boolean;
  /** The parsed input: its ids name what was read. */
  input: unknown;
}

export class Repository {
  private scopeOfRole: Promise<DataScope> | undefined;

  constructor(
    private readonly db: Db,
    readonly actor: Actor,
    private readonly request: RequestOfRepository,
  ) {}

  /** The groups and practices of the user's data role, narrowed by their organisation selection; read once per request. */
  scope(): Promise<DataScope> {
    this.scopeOfRole ??= this.actor.scope
      ? Promise.resolve(this.actor.scope)
      : loadUserScope(this.db, this.actor.userId, this.actor.dataRoleId);
    return this.scopeOfRole;
  }

  /** A service of claim or patient data, limited to the data role: (db, actor, scope, ...). */
  run<A extends unknown[], R>(
    service: (db: Db, actor: Actor, scope: DataScope, ...rest: A) => Promise<R>,
  ): (...rest: A) => Promise<R> {
    return async (...rest) => this.audited(await service(this.db, this.actor, await this.scope(), ...rest));
  }

  /** A read limited to the data role that needs no user besides: (db, scope, ...). */
  inScope<A extends unknown[], R>(
    service: (db: Db, scope: DataScope, ...rest: A) => Promise<R>,
  ): (...rest: A) => Promise<R> {
    return async (...rest) => this.audited(await service(this.db, await this.scope(), ...rest));
  }

  /** A service that checks the data role itself, or queues a run that does: (db, actor, ...). */
  asActor<A extends unknown[], R>(
    service: (db: Db, actor: Actor, ...rest: A) => Promise<R>,
  ): (...rest: A) => Promise<R> {
    return async (...rest) => this.audited(await service(this.db, this.actor, ...rest));
  }

  /** The user's own things (settings, layouts, saved searches, bulk runs): (db, userId, ...). */
  asUser<A extends unknown[], R>(
    service: (db: Db, userId: number, ...rest: A) => Promise<R>,
  ): (...rest: A) => Promise<R> {
    return (...rest) => service(this.db, this.actor.userId, ...rest);
  }

  /** Lists that hold no patient data (code lists, note and task types): (db, ...). */
  reference<A extends unknown[], R>(service: (db: Db, ...rest: A) => R): (...rest: A) => R {
    return (...rest) => service(this.db, ...rest);
  }

  /** After a read went through: its audit row, once per request, unless the service wrote its own. */
  private async audited<R>(result: R): Promise<R> {
    if (this.request.reads && auditOfRequest.getStore()?.written === false)
      await auditCallRead(this.db, this.actor, this.request.call, this.request.input);
    return result;
  }
}

/** The one door of a public call (sign-in steps, white-label look-up): no user, no patient data. */
export class PublicRepository {
  constructor(private readonly db: Db) {}

  /** A service that needs only the database: (db, ...). */
  reference<A extends unknown[], R>(service: (db: Db, ...rest: A) => R): (...rest: A) => R {
    return (...rest) => service(this.db, ...rest);
  }
}
