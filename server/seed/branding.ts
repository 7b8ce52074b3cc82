import type { Transaction } from '../db/types.ts';
import { insertRows } from '../reference/bulkInsert.ts';
import type { GroupIds } from './organisation.ts';
import { GROUPS } from './organisation-data.ts';
import { TABLES } from './tables.ts';

/**
 * A logo made of the group's initials on its colours, as an inline SVG data URL: the login screen
 * can show it with no file store and no network.
 */
export function initialsLogo(initials: string, primary: string, secondary: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="20" fill="${primary}"/>` +
    `<text x="48" y="60" font-family="Helvetica, Arial, sans-serif" font-size="40" font-weight="700" text-anchor="middle" fill="${secondary}">${initials}</text>` +
    `</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** One white label setup per group, chosen by the first label of the host name. */
export async function insertBranding(tx: Transaction, groupIds: GroupIds, createdBy: number): Promise<void> {
  await insertRows(
    tx,
    TABLES.whiteLabelSetups,
    GROUPS.map((group) => {
      const { subdomain, title, initials, primaryColor, secondaryColor } = group.branding;
      const logo = initialsLogo(initials, primaryColor, secondaryColor);
      return {
        group_id: groupIds[group.key],
        subdomain,
        title,
        logo,
        logo_name: `${subdomain}-logo.svg`,
        favicon: logo,
        favicon_name: `${subdomain}-favicon.svg`,
        primary_color: primaryColor,
        secondary_color: secondaryColor,
        active: true,
        created_by: createdBy,
      };
    }),
  );
}
