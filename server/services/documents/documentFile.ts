/** The checks every uploaded file passes, on a claim or on a patient: its type, its size, its category and its tags. */
import {
  DOCUMENT_MIME_TYPES,
  MAX_DOCUMENT_BYTES,
  tooLargeMessage,
  unsupportedTypeMessage,
} from '../../../contract/documents.ts';
import type { Queryable } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';

export interface DocumentFile {
  fileName: string;
  mimeType: string;
  categoryID?: number | undefined;
  tags?: string[] | undefined;
  contentBase64: string;
}

/** Distinct, trimmed, in the order given. */
export function cleanTags(tags: readonly string[] | undefined): string[] {
  return [...new Set((tags ?? []).map((tag) => tag.trim()).filter((tag) => tag !== ''))];
}

/** The file's bytes, type and tags once it passed; a refusal is a 400 in the biller's words. */
export async function checkedFile(
  q: Queryable,
  input: DocumentFile,
): Promise<{ mimeType: string; content: Buffer; tags: string[] }> {
  const mimeType = input.mimeType.toLowerCase();
  if (!(DOCUMENT_MIME_TYPES as readonly string[]).includes(mimeType))
    throw new BadRequestError(unsupportedTypeMessage());
  const content = Buffer.from(input.contentBase64, 'base64');
  if (content.length > MAX_DOCUMENT_BYTES) throw new BadRequestError(tooLargeMessage());
  if (content.length === 0) throw new BadRequestError('The file is empty.');
  if (input.categoryID !== undefined) {
    const [category] = await q.query('SELECT 1 FROM document_categories WHERE category_id = $1', [input.categoryID]);
    if (!category) throw new BadRequestError(`There is no document category ${input.categoryID}.`);
  }
  return { mimeType, content, tags: cleanTags(input.tags) };
}
