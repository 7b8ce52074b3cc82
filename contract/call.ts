/**
 * One definition per call: its controller, name, method, access, time-out, input schema and reply
 * schema, in `contract/calls/<controller>.ts`. The browser calls a call by its definition (typed
 * input and reply), the server implements it with a handler whose return type is the reply, and
 * the endpoint table (`endpoints.ts`) is read off the definitions. A catalogue row with nothing
 * behind it yet is `planned`: it has its place in the table, and nothing can call it.
 *
 * Schemas stay as lazy as the contract's (`deferred`): a definition only holds them.
 */
import { z } from 'zod';
import { deferred } from './deferred.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const MODULE_CODES = [
  'DASHBOARD',
  'CLAIMS',
  'PATIENTS',
  'PAYMENTS',
  'REPORTS',
  'ADMIN_USERS',
  'ADMIN_ROLES',
  'ADMIN_DATA_ROLES',
  'ADMIN_GROUPS',
  'ADMIN_PRACTICES',
  'ADMIN_FACILITIES',
  'ADMIN_PROVIDERS',
  'ADMIN_INSURANCES',
] as const;
export type ModuleCode = (typeof MODULE_CODES)[number];

/** Who may call it: `public` (sign-in steps), `session` (any signed-in user) or a module a role must hold. */
export type EndpointAccess = 'public' | 'session' | ModuleCode;

/** The shared client's default time-out (SPEC point 9). */
export const DEFAULT_TIMEOUT_MS = 50_000;

/** A row of the endpoint table: where a call is served, who may call it, how long the client waits. */
export interface Endpoint {
  controller: string;
  method: HttpMethod;
  name: string;
  access: EndpointAccess;
  /** Milliseconds; `null` means the call has no time-out at all. */
  timeoutMs: number | null;
  path: string;
}

/** A reply that is a file (a PDF), read as bytes rather than JSON. */
export const fileReply = z.custom<Blob>(() => true);
export type FileReply = typeof fileReply;

/** The input of a call that takes none. */
export const noInput = deferred(() => z.object({}).strict());

export interface CallDefinition<
  Input extends z.ZodType = z.ZodType,
  Reply extends z.ZodType = z.ZodType,
  Access extends EndpointAccess = EndpointAccess,
> extends Endpoint {
  readonly kind: 'call';
  /** Kept as written, so a handler of a call that needs a session is given a signed-in user. */
  readonly access: Access;
  /** The query (GET, and DELETE without a body) or the JSON body; a text body for the few calls that take a file as text. */
  readonly input: Input;
  readonly reply: Reply;
  /** 'file' when the reply is a file's bytes, not JSON. */
  readonly replyKind: 'json' | 'file';
  /** For a call whose body is a file sent as text: the query that goes with it. */
  readonly query?: z.ZodType;
}

/** A catalogue row nothing serves yet. */
export interface PlannedCall extends Endpoint {
  readonly kind: 'planned';
}

export type AnyCall = CallDefinition | PlannedCall;

/** The input a caller sends, and the reply it gets, of a definition. */
export type CallInput<Call extends CallDefinition> = z.input<Call['input']>;
export type CallReply<Call extends CallDefinition> = z.output<Call['reply']>;

interface CallSpec<Input extends z.ZodType, Reply extends z.ZodType> {
  input: Input;
  reply: Reply;
  timeoutMs?: number | null;
}

/** A call whose body is a file sent as text, with its query: the 835 upload. */
interface TextCallSpec<Input extends z.ZodType, Query extends z.ZodType, Reply extends z.ZodType> extends CallSpec<
  Input,
  Reply
> {
  query: Query;
}

type Unnamed<T> = Omit<T, 'controller' | 'name' | 'path'>;

function make<Input extends z.ZodType, Reply extends z.ZodType, Access extends EndpointAccess>(
  method: HttpMethod,
  access: Access,
  spec: CallSpec<Input, Reply>,
): Unnamed<CallDefinition<Input, Reply, Access>> {
  return {
    kind: 'call',
    method,
    access,
    timeoutMs: spec.timeoutMs === undefined ? DEFAULT_TIMEOUT_MS : spec.timeoutMs,
    input: spec.input,
    reply: spec.reply,
    replyKind: spec.reply === (fileReply as z.ZodType) ? 'file' : 'json',
  };
}

export const get = <Input extends z.ZodType, Reply extends z.ZodType, const Access extends EndpointAccess>(
  access: Access,
  spec: CallSpec<Input, Reply>,
) => make('GET', access, spec);
export const post = <Input extends z.ZodType, Reply extends z.ZodType, const Access extends EndpointAccess>(
  access: Access,
  spec: CallSpec<Input, Reply>,
) => make('POST', access, spec);
export const put = <Input extends z.ZodType, Reply extends z.ZodType, const Access extends EndpointAccess>(
  access: Access,
  spec: CallSpec<Input, Reply>,
) => make('PUT', access, spec);
/** A POST whose body is a file sent as text (`input`, a string schema), its other input in the query. */
export function postText<
  Input extends z.ZodType,
  Query extends z.ZodType,
  Reply extends z.ZodType,
  const Access extends EndpointAccess,
>(
  access: Access,
  spec: TextCallSpec<Input, Query, Reply>,
): Unnamed<CallDefinition<Input, Reply, Access>> & { readonly query: Query } {
  return { ...make('POST', access, spec), query: spec.query };
}
export const del = <Input extends z.ZodType, Reply extends z.ZodType, const Access extends EndpointAccess>(
  access: Access,
  spec: CallSpec<Input, Reply>,
) => make('DELETE', access, spec);

/** A catalogue row nothing serves yet (its time-out as the catalogue gives it). */
export function planned(
  method: HttpMethod,
  access: EndpointAccess,
  timeoutMs: number | null = DEFAULT_TIMEOUT_MS,
): Unnamed<PlannedCall> {
  return { kind: 'planned', method, access, timeoutMs };
}

type Named<T, Controller extends string, Name extends string> = T & {
  controller: Controller;
  name: Name;
  path: `/${Controller}/${Name}`;
};

/** A controller's calls, each named by its key: `Claims.getERAProfileData` is served at /api/Claims/getERAProfileData. */
export function controller<Controller extends string, Calls extends Record<string, Unnamed<AnyCall>>>(
  name: Controller,
  calls: Calls,
): { readonly [Key in keyof Calls & string]: Named<Calls[Key], Controller, Key> } {
  const named: Record<string, AnyCall> = {};
  for (const [key, call] of Object.entries(calls))
    named[key] = { ...call, controller: name, name: key, path: `/${name}/${key}` } as AnyCall;
  // The mapped type names what the loop just built.
  return named as { readonly [Key in keyof Calls & string]: Named<Calls[Key], Controller, Key> };
}
