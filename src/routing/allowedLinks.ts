/** Every signed-in user may open their own settings (SPEC points 2 and 6). */
export const USER_SETTINGS_PATH = '/setting/users-settings';

/** SPEC point 2: holding the menu link on the left also permits the screens on the right. */
export const LINK_EXTRAS: Readonly<Record<string, readonly string[]>> = {
  '/app/all-claims': ['/app/create-claim', '/app/create-claim/[claim_id]', '/app/claim-detail/[claim_id]', '/app/expanded-view/[claim_id]'],
  '/app/patient-search': ['/app/register-patient', '/app/register-patient/[patient_id]'],
  '/setting/providers': ['/setting/providers/[provider_id]'],
  '/setting/group': ['/setting/group/[group_id]'],
  '/setting/insurances': ['/setting/insurances/[insurance_id]'],
  '/setting/users': ['/setting/users/[user_email]'],
};

/**
 * Screens of the console beyond SPEC point 2's table: the workspaces show the claims of
 * /app/all-claims in panes, so holding that link permits them too. Kept apart from LINK_EXTRAS so
 * the spec's table stays as written.
 */
export const CONSOLE_EXTRAS: Readonly<Record<string, readonly string[]>> = {
  '/app/all-claims': ['/app/workspace/[layout_id]'],
  '/app/era-search': ['/app/era-detail/[era_id]'],
  '/app/payment-batches': ['/app/payment-batch/[payment_batch_id]'],
  '/app/charge-batches': ['/app/charge-batch/[charge_batch_id]'],
  '/app/document-batches': ['/app/document-batch/[document_batch_id]'],
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
