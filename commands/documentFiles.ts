/**
 * What the document commands share, on a claim or on a patient: the category step, the file
 * picked and checked before anything is sent, and the server's refusal shown under the SPEC's words.
 */
import { DOCUMENT_CATEGORIES, UPLOAD_FAILED } from '../contract/documents.ts';
import { ApiError } from '../src/api/apiError.ts';
import type { CommandStep } from '../src/console/types.ts';
import { documentRefusal, documentTypeOf, pickFile } from '../src/files/documentFile.ts';
import { notify } from '../src/toasts/notify.tsx';

/** The server's reason under the SPEC's wording; the client's own toast is kept quiet for it. */
export async function orToast<T>(fallback: string, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (thrown) {
    if (thrown instanceof ApiError && thrown.code === 'cancelled') return null;
    notify.error(fallback, thrown instanceof Error ? thrown.message : undefined);
    return null;
  }
}

/** The category asked before the file picker opens. */
export const DOCUMENT_CATEGORY_STEP: CommandStep = {
  key: 'categoryID',
  kind: 'choice',
  title: 'Category (then pick the file)',
  choices: () => [
    { value: '', label: 'No category' },
    ...Object.entries(DOCUMENT_CATEGORIES).map(([value, label]) => ({ value, label })),
  ],
};

/** The file the biller picks, with its type, once it passes the checks; null (after saying why) otherwise. */
export async function pickDocument(): Promise<{ file: File; mimeType: string } | null> {
  const file = await pickFile();
  if (file === null) return null;
  const mimeType = documentTypeOf(file);
  const refusal = documentRefusal(file);
  if (mimeType === null || refusal !== null) {
    notify.error(UPLOAD_FAILED, refusal ?? undefined);
    return null;
  }
  return { file, mimeType };
}
