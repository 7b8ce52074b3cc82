/**
 * A branding file as it is sent: photos (JPEG, WebP) re-encoded at SPEC point 9's image quality
 * (75) when that makes them smaller; PNG, GIF and icons are kept as they are (lossless, or
 * animated). The server checks the type by the bytes and the size either way.
 */
import { DEFAULT_IMAGE_QUALITY } from '../../../contract/organisation.ts';
import { readBase64 } from '../../files/documentFile.ts';

const REENCODED = new Set(['image/jpeg', 'image/webp']);

async function reencode(file: File, quality: number): Promise<Blob | null> {
  if (!REENCODED.has(file.type) || typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    bitmap.close();
    return await new Promise((resolve) => canvas.toBlob(resolve, file.type, quality / 100));
  } catch {
    // A file the browser cannot draw goes as it is; the server says what is wrong with it.
    return null;
  }
}

export async function brandingUpload(
  file: File,
  quality = DEFAULT_IMAGE_QUALITY,
): Promise<{ fileName: string; mimeType: string; contentBase64: string }> {
  const smaller = await reencode(file, quality);
  const body = smaller !== null && smaller.size < file.size ? smaller : file;
  return {
    fileName: file.name,
    mimeType: file.type || 'application/octet-stream',
    contentBase64: await readBase64(body),
  };
}

export const BRANDING_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/x-icon,.ico';
