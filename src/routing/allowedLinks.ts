import {
  CHARGE_BATCH,
  CHARGE_BATCHES_PATH,
  CLAIM_DETAIL,
  CLAIM_FORM,
  CLAIMS_PATH,
  CREATE_CLAIM_PATH,
  DOCUMENT_BATCH,
  DOCUMENT_BATCHES_PATH,
  DOCUMENT_SEARCH_PATH,
  ERA_DETAIL,
  ERA_PATH,
  EXPANDED_VIEW,
  FACILITIES_PATH,
  GROUP,
  GROUPS_PATH,
  INSURANCE,
  INSURANCES_PATH,
  PATIENT_FORM,
  PATIENTS_PATH,
  PAYMENT_BATCH,
  PAYMENT_BATCHES_PATH,
  PRACTICE_FACILITIES,
  PROVIDER,
  PROVIDERS_PATH,
  REGISTER_PATIENT_PATH,
  USER,
  USER_SETTINGS_PATH,
  USERS_PATH,
  WORKSPACE_PATTERN,
} from './paths.ts';

/** SPEC point 2: holding the menu link on the left also permits the screens on the right. */
export const LINK_EXTRAS: Readonly<Record<string, readonly string[]>> = {
  [CLAIMS_PATH]: [CREATE_CLAIM_PATH, CLAIM_FORM.pattern, CLAIM_DETAIL.pattern, EXPANDED_VIEW.pattern],
  [PATIENTS_PATH]: [REGISTER_PATIENT_PATH, PATIENT_FORM.pattern],
  [PROVIDERS_PATH]: [PROVIDER.pattern],
  [GROUPS_PATH]: [GROUP.pattern],
  [INSURANCES_PATH]: [INSURANCE.pattern],
  [USERS_PATH]: [USER.pattern],
};

/**
 * Screens of the console beyond SPEC point 2's table: the workspaces show the claims of
 * /app/all-claims in panes, so holding that link permits them too. Kept apart from LINK_EXTRAS so
 * the spec's table stays as written.
 */
export const CONSOLE_EXTRAS: Readonly<Record<string, readonly string[]>> = {
  [CLAIMS_PATH]: [WORKSPACE_PATTERN],
  [ERA_PATH]: [ERA_DETAIL.pattern],
  [PAYMENT_BATCHES_PATH]: [PAYMENT_BATCH.pattern],
  [CHARGE_BATCHES_PATH]: [CHARGE_BATCH.pattern],
  [DOCUMENT_BATCHES_PATH]: [DOCUMENT_BATCH.pattern, DOCUMENT_SEARCH_PATH],
  [FACILITIES_PATH]: [PRACTICE_FACILITIES.pattern],
};

/**
 * The links a user may open, in menu order: each menu link followed by what it permits, then
 * the settings page everybody has. The first entry is where a user without a usable default lands.
 */
export function allowedLinksFor(menuLinks: readonly string[]): string[] {
  const allowed: string[] = [];
  const add = (link: string) => {
    if (!allowed.includes(link)) allowed.push(link);
  };
  for (const link of menuLinks) {
    add(link);
    for (const extra of [...(LINK_EXTRAS[link] ?? []), ...(CONSOLE_EXTRAS[link] ?? [])]) add(extra);
  }
  add(USER_SETTINGS_PATH);
  return allowed;
}
