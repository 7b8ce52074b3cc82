import { WHITE_LABEL_NOT_FOUND } from '../../../contract/messages.ts';
import type { WhiteLabelSetup } from '../../../contract/whiteLabel.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';

/** The active branding of a sub-domain (the first label of the browser's host name). */
export async function findWhiteLabelSetup(q: Queryable, subdomain: string): Promise<WhiteLabelSetup> {
  const [setup] = await q.query<WhiteLabelSetup>(
    `SELECT id, group_id AS "groupID", subdomain, title, logo, image1, image2,
            primary_color AS "primaryColor", secondary_color AS "secondaryColor", active,
            to_char(created_on AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdOn", created_by AS "createdBy",
            to_char(updated_on AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedOn", updated_by AS "updatedBy",
            logo_name AS "logoName", image1_name AS "image1Name", image2_name AS "image2Name",
            favicon, favicon_name AS "faviconName"
       FROM white_label_setups WHERE subdomain = $1 AND active`,
    [subdomain],
  );
  if (!setup) throw new NotFoundError(WHITE_LABEL_NOT_FOUND);
  return setup;
}
