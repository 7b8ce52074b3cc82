/**
 * Picking a document for upload with the browser's own file chooser (no drop zone: the biller
 * stays on the keyboard, and the chooser is keyboard-driven too). Shared by the claim documents
 * and the batch files, which take the same kinds of file under the same size limit.
 */
import {
  DOCUMENT_MIME_TYPES,
  MAX_DOCUMENT_BYTES,
  tooLargeMessage,
  unsupportedTypeMessage,
} from '../../contract/documents.ts';
import { chooseFile } from './chooseFile.ts';

/** Some systems give no type (or a nonstandard one) for these; the extension says what they are. */
const TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  txt: 'text/plain',
};

export function documentTypeOf(file: { name: string; type: string }): string | null {
  if ((DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type)) return file.type;
  return TYPE_BY_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? null;
}

/** The browser's file picker, offering the document kinds; null when the biller closes it without a file. */
export function pickFile(): Promise<File | null> {
  return chooseFile(
    [...DOCUMENT_MIME_TYPES, ...Object.keys(TYPE_BY_EXTENSION).map((extension) => `.${extension}`)].join(','),
  );
}

export function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** Why the server would refuse the file (its type or size), said before it is sent; null when it fits. */
export function documentRefusal(file: { name: string; type: string; size: number }): string | null {
  if (documentTypeOf(file) === null) return unsupportedTypeMessage();
  return file.size > MAX_DOCUMENT_BYTES ? tooLargeMessage() : null;
}
