/**
 * The claims a scope takes in, as SQL: the one place a claim list, count, report or search writes
 * the organisation selection's facilities and providers (DataScope.claims). Rows that carry a
 * claim's practice, facility and provider (claims, claim_aging, the month figures) take the same
 * condition.
 */
import type { ClaimNarrowing, DataScope } from './dataScope.ts';

/** What of a scope a claim read needs: its practices and the selection's claim narrowing. */
export type ClaimScope = Pick<DataScope, 'practiceIds' | 'claims'>;

/** Adds a value to a statement's parameters and gives back its placeholder ($n). */
export type Param = (value: unknown) => string;

/** The columns of a row that hold its claim's practice, facility and provider. */
export interface ClaimColumns {
  practice: string;
  facility: string;
  provider: string;
}

/**
 * The selection's narrowing of the rows of `alias` (having practice_id, facility_id, provider_id)
 * or of the columns named, or null when the scope keeps every claim of its practices. The practice
 * test itself is the caller's, which already writes it.
 */
export function claimNarrowingSql(on: string | ClaimColumns, scope: ClaimScope, param: Param): string | null {
  const narrowing: ClaimNarrowing | undefined = scope.claims;
  if (!narrowing) return null;
  const columns =
    typeof on === 'string'
      ? { practice: `${on}.practice_id`, facility: `${on}.facility_id`, provider: `${on}.provider_id` }
      : on;
  return `(${columns.practice} = ANY(${param(narrowing.wholePracticeIds)}::bigint[])
      OR ${columns.facility} = ANY(${param(narrowing.facilityIds)}::bigint[])
      OR ${columns.provider} = ANY(${param(narrowing.providerIds)}::bigint[]))`;
}

/** The practice test and the selection's narrowing of `alias` together. */
export function claimScopeSql(alias: string, scope: ClaimScope, param: Param): string {
  const practices = `${alias}.practice_id = ANY(${param(scope.practiceIds)}::bigint[])`;
  const narrowing = claimNarrowingSql(alias, scope, param);
  return narrowing ? `${practices} AND ${narrowing}` : practices;
}

/** Whether a claim of `practiceId`, `facilityId` and `providerId` is in the scope (for rows already read). */
export function claimInScope(
  scope: ClaimScope,
  claim: { practiceId: number; facilityId: number | null; providerId: number | null },
): boolean {
  if (!scope.practiceIds.includes(claim.practiceId)) return false;
  const narrowing = scope.claims;
  if (!narrowing) return true;
  return (
    narrowing.wholePracticeIds.includes(claim.practiceId) ||
    (claim.facilityId !== null && narrowing.facilityIds.includes(claim.facilityId)) ||
    (claim.providerId !== null && narrowing.providerIds.includes(claim.providerId))
  );
}
