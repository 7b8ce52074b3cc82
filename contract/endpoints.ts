/**
 * The endpoint table: every call the product makes, read off the call definitions
 * (`contract/calls/<controller>.ts`, the shape in `call.ts`). The catalogue's rows and the calls
 * this product adds; `endpoints.test.ts` holds the table to the API catalogue (its copy in
 * `api-catalogue.tsv`). The server mounts each defined call at `/api/<controller>/<name>`
 * (`server/http/catalogue.test.ts` checks every one is served), and the browser client calls it
 * by its definition. No contract module may import this table: the definitions import them.
 */
import type { AnyCall, Endpoint } from './call.ts';
import { AbilityApiIntegration } from './calls/abilityApiIntegration.ts';
import { AddEditClaim } from './calls/addEditClaim.ts';
import { ARDashboard } from './calls/arDashboard.ts';
import { Batches } from './calls/batches.ts';
import { Claims } from './calls/claims.ts';
import { Client } from './calls/client.ts';
import { CustomPrint } from './calls/customPrint.ts';
import { Insurance } from './calls/insurance.ts';
import { Jobs } from './calls/jobs.ts';
import { Location } from './calls/location.ts';
import { MedicalCase } from './calls/medicalCase.ts';
import { Modules } from './calls/modules.ts';
import { Patient } from './calls/patient.ts';
import { Practice } from './calls/practice.ts';
import { Provider } from './calls/provider.ts';
import { Reports } from './calls/reports.ts';
import { Repository } from './calls/repository.ts';
import { Roles } from './calls/roles.ts';
import { SavedReports } from './calls/savedReports.ts';
import { Users } from './calls/users.ts';

export {
  DEFAULT_TIMEOUT_MS,
  MODULE_CODES,
  type Endpoint,
  type EndpointAccess,
  type HttpMethod,
  type ModuleCode,
} from './call.ts';

/** Every controller's calls, by controller. */
export const CONTROLLERS = {
  AbilityApiIntegration,
  AddEditClaim,
  ARDashboard,
  Batches,
  Claims,
  Client,
  CustomPrint,
  Insurance,
  Jobs,
  Location,
  MedicalCase,
  Modules,
  Patient,
  Practice,
  Provider,
  Reports,
  Repository,
  Roles,
  SavedReports,
  Users,
} as const;

export const ENDPOINTS: readonly AnyCall[] = Object.values(CONTROLLERS).flatMap((calls) =>
  Object.values<AnyCall>(calls),
);

const byKey = new Map<string, Endpoint>(ENDPOINTS.map((call) => [`${call.controller}/${call.name}`, call]));

/** The table's row for `controller/name`; throws for a call the table does not list. */
export function endpoint(controller: string, name: string): Endpoint {
  const found = byKey.get(`${controller}/${name}`);
  if (!found) throw new Error(`Not in the API catalogue: ${controller}/${name}`);
  return found;
}
