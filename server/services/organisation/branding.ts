/**
 * A group's branding (white labelling): the sub-domain its staff open, the title, the two colours
 * and four files (logo, two images, favicon). Files are checked by their bytes, not by the name or
 * type the browser claims, kept in branding_files and served to the login page by id; a new file
 * gets a new id, so the login page shows it at once, never a cached old one.
 */
import { colourProblem, subdomainProblem } from '../../../contract/identifierRules.ts';
import {
  BRANDING_FILE_KINDS,
  BRANDING_IMAGE_TYPES,
  FAVICON_TYPES,
  MAX_BRANDING_IMAGE_BYTES,
  MAX_FAVICON_BYTES,
  ORGANISATION_MESSAGES,
  brandingFilePath,
  type Branding,
  type BrandingFileInput,
  type BrandingFileKind,
  type SavedReply,
  type WhiteLabelingRequest,
} from '../../../contract/organisation.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { Actor } from '../context.ts';
import { requireAdminGroup } from './adminGroups.ts';
import { auditChange } from '../audit/auditChange.ts';
import { refuseIfAny } from './changeAudit.ts';

/** The type a file's first bytes say it is. */
export function sniffImageType(bytes: Buffer): string | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 1 && bytes[3] === 0) return 'image/x-icon';
  return null;
}

const LABEL: Record<BrandingFileKind, string> = {
  logo: 'The logo',
  image1: 'Image 1',
  image2: 'Image 2',
  favicon: 'The favicon',
};

interface CheckedFile {
  kind: BrandingFileKind;
  fileName: string;
  mimeType: string;
  content: Buffer;
}

/** The file's problem in the biller's words, or the file ready to keep. */
function checkFile(kind: BrandingFileKind, file: BrandingFileInput): CheckedFile | string {
  const content = Buffer.from(file.contentBase64, 'base64');
  const allowed: readonly string[] = kind === 'favicon' ? FAVICON_TYPES : BRANDING_IMAGE_TYPES;
  const limit = kind === 'favicon' ? MAX_FAVICON_BYTES : MAX_BRANDING_IMAGE_BYTES;
  const kinds = kind === 'favicon' ? 'a PNG or ICO file' : 'a PNG, JPEG, WebP or GIF image';
  if (content.length === 0) return `${LABEL[kind]} (${file.fileName}) is empty.`;
  const type = sniffImageType(content);
  if (type === null || !allowed.includes(type))
    return `${LABEL[kind]} (${file.fileName}) must be ${kinds}${file.fileName.toLowerCase().endsWith('.svg') ? ' (SVG files can carry scripts)' : ''}.`;
  if (content.length > limit)
    return `${LABEL[kind]} (${file.fileName}) is ${Math.ceil(content.length / 1024)} KB; it may be at most ${limit / 1024} KB.`;
  return { kind, fileName: file.fileName, mimeType: type, content };
}

const BRANDING_COLUMNS = `w.id, w.group_id AS "groupID", w.subdomain, w.title, w.primary_color AS "primaryColor",
  w.secondary_color AS "secondaryColor", w.logo, w.logo_name AS "logoName", w.image1, w.image1_name AS "image1Name",
  w.image2, w.image2_name AS "image2Name", w.favicon, w.favicon_name AS "faviconName", w.active`;

export async function brandingOfGroups(q: Queryable, groupIds: readonly number[]): Promise<Map<number, Branding>> {
  const rows = await q.query<Branding & { groupID: number }>(
    `SELECT ${BRANDING_COLUMNS} FROM white_label_setups w WHERE w.group_id = ANY($1::bigint[])`,
    [groupIds],
  );
  return new Map(rows.map(({ groupID, ...branding }) => [Number(groupID), branding]));
}

export async function saveBranding(db: Db, actor: Actor, input: WhiteLabelingRequest, now: Date): Promise<SavedReply> {
  const subdomain = input.subdomain.trim().toLowerCase();
  const files: CheckedFile[] = [];
  const problems: (string | null)[] = [
    subdomainProblem(subdomain),
    colourProblem(input.primaryColor, 'primary'),
    colourProblem(input.secondaryColor, 'secondary'),
  ];
  for (const kind of BRANDING_FILE_KINDS) {
    const file = input[kind];
    if (!file) continue;
    const checked = checkFile(kind, file);
    if (typeof checked === 'string') problems.push(checked);
    else files.push(checked);
  }
  refuseIfAny(problems);
  const id = await db.transaction(async (tx) => {
    await requireAdminGroup(tx, actor, input.groupID);
    const [taken] = await tx.query('SELECT 1 FROM white_label_setups WHERE subdomain = $1 AND group_id <> $2', [
      subdomain,
      input.groupID,
    ]);
    refuseIfAny([taken ? `The sub-domain "${subdomain}" is another group's; choose another.` : null]);
    const [before] = await tx.query<Branding>(
      `SELECT ${BRANDING_COLUMNS} FROM white_label_setups w WHERE w.group_id = $1 FOR UPDATE`,
      [input.groupID],
    );
    const after: Record<string, unknown> = {
      subdomain,
      title: input.title.trim(),
      primaryColor: input.primaryColor.trim().toLowerCase(),
      secondaryColor: input.secondaryColor.trim().toLowerCase(),
      active: input.active ?? before?.active ?? true,
    };
    for (const kind of BRANDING_FILE_KINDS) {
      const asked = input[kind];
      if (asked === undefined) {
        after[kind] = before?.[kind] ?? null;
        after[`${kind}Name`] = before?.[`${kind}Name`] ?? null;
      } else if (asked === null) {
        after[kind] = null;
        after[`${kind}Name`] = null;
      }
    }
    for (const file of files) {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO branding_files (group_id, kind, file_name, mime_type, size_bytes, content, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, decode($6, 'base64'), $7, $8) RETURNING file_id AS id`,
        [
          input.groupID,
          file.kind,
          file.fileName,
          file.mimeType,
          file.content.length,
          file.content.toString('base64'),
          actor.userId,
          now,
        ],
      );
      after[file.kind] = brandingFilePath(Number(row?.id));
      after[`${file.kind}Name`] = file.fileName;
    }
    const values = [
      input.groupID,
      after.subdomain,
      after.title,
      after.primaryColor,
      after.secondaryColor,
      after.active,
      after.logo,
      after.logoName,
      after.image1,
      after.image1Name,
      after.image2,
      after.image2Name,
      after.favicon,
      after.faviconName,
      actor.userId,
      now,
    ];
    const [saved] = before
      ? await tx.query<{ id: number }>(
          `UPDATE white_label_setups SET subdomain = $2, title = $3, primary_color = $4, secondary_color = $5, active = $6,
                  logo = $7, logo_name = $8, image1 = $9, image1_name = $10, image2 = $11, image2_name = $12,
                  favicon = $13, favicon_name = $14, updated_by = $15, updated_on = $16
            WHERE group_id = $1 RETURNING id`,
          values,
        )
      : await tx.query<{ id: number }>(
          `INSERT INTO white_label_setups (group_id, subdomain, title, primary_color, secondary_color, active, logo, logo_name,
                  image1, image1_name, image2, image2_name, favicon, favicon_name, created_by, created_on)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
          values,
        );
    const setupID = Number(saved?.id);
    // Files as names only: the audit trail keeps what changed, not the pictures.
    const withoutData = (branding: Record<string, unknown> | undefined) =>
      branding
        ? Object.fromEntries(
            Object.entries(branding).map(([key, value]) => [
              key,
              typeof value === 'string' && value.startsWith('data:') ? '(inline image)' : value,
            ]),
          )
        : null;
    await auditChange(
      tx,
      actor,
      'group.branding',
      { type: 'group', id: input.groupID },
      withoutData(before),
      withoutData(after),
    );
    return setupID;
  });
  return { message: ORGANISATION_MESSAGES.brandingSaved, pkid: id };
}

/** A kept branding file, for the login page (public: branding is what anyone at the door sees). */
export async function brandingFile(
  q: Queryable,
  fileID: number,
): Promise<{ fileName: string; mimeType: string; content: Buffer }> {
  const [row] = await q.query<{ fileName: string; mimeType: string; content: Uint8Array }>(
    'SELECT file_name AS "fileName", mime_type AS "mimeType", content FROM branding_files WHERE file_id = $1',
    [fileID],
  );
  if (!row) throw new NotFoundError();
  return { fileName: row.fileName, mimeType: row.mimeType, content: Buffer.from(row.content) };
}
