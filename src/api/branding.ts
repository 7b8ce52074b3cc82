import { DEFAULT_WHITE_LABEL, type WhiteLabelSetup } from '../../contract/whiteLabel.ts';
import { callApi } from './client.ts';
import { Users } from '../../contract/calls/users.ts';

/**
 * The branding for a sub-domain. Never toasts: any failure, 'White label setup not found.'
 * included, means the default branding (SPEC point 2). An inactive setup counts as none.
 */
export async function getWhiteLabelSetup(subdomain: string | null): Promise<WhiteLabelSetup> {
  if (subdomain === null) return DEFAULT_WHITE_LABEL;
  try {
    const setup = await callApi(Users.getWhiteLabelSetup, { subdomain }, { silent: true, background: true });
    return setup.active ? setup : DEFAULT_WHITE_LABEL;
  } catch {
    return DEFAULT_WHITE_LABEL;
  }
}
