/**
 * The company logo as the documents embed it. Settings keep the logo as the
 * path its bytes are served at (`settings_logo` = 'api/file/{id}',
 * server/routes/settings-logo.ts); the template draws only an image data
 * URL (never a file or a URL), so each side turns the bytes it holds into
 * one: the server reads its file storage, the device its cached copy
 * (src/entities/print/device-logo.ts). Pure: no I/O here.
 */
import { LOGO_PATH } from '@sync/contract/settings-groups';

/** The stored file's id a logo setting names, or null when it names none (empty, an old data URL, anything else). */
export function logoFileId(value: string | null | undefined): number | null {
  const path = value?.trim() ?? '';
  return LOGO_PATH.test(path) ? Number(path.slice(path.lastIndexOf('/') + 1)) : null;
}

/** The image type of the bytes by their signature (the types pdfmake draws), null for anything else. */
export function logoImageType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode with a whole logo's bytes as arguments overflows the stack.
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

/** The logo's bytes as a data URL the template can embed; null when they are no PNG or JPEG (print without a logo). */
export function logoDataUrl(bytes: Uint8Array | null | undefined): string | null {
  const type = bytes ? logoImageType(bytes) : null;
  return bytes && type ? `data:${type};base64,${base64(bytes)}` : null;
}
