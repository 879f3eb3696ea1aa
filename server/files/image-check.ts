/**
 * Every image the server stores passes here (docs/decisions/image-uploads.md):
 * the company logo, users' images, sample photos (both upload calls) and
 * customers' files that are images. What is stored is never the bytes the
 * client sent but what sharp made of them:
 *
 * 1. the first bytes must be a JPEG, PNG, WebP or GIF signature, and one of
 *    the formats the call takes (IMAGE_RULES), else 415: no other decoder
 *    (SVG, TIFF, HEIF, PDF…) ever sees the bytes;
 * 2. the header is read with sharp (`metadata()`, header only, with
 *    `limitInputPixels`): above MAX_IMAGE_PIXELS → 413 in a few
 *    milliseconds, before anything is decoded; empty → 400; a header that
 *    does not parse → 400;
 * 3. the image is decoded and re-encoded (turned upright by its EXIF
 *    orientation, metadata such as GPS and the camera dropped, colours in
 *    sRGB; JPEG stays JPEG, PNG PNG, WebP WebP, GIF GIF, unless the rule
 *    names one output), streamed from sharp straight into the file storage;
 *    bytes that do not decode → 400, nothing kept.
 *
 * Input is a Buffer (uploads already bounded in memory: the logo, 2 MB; a
 * user's image, UPLOAD_LIMIT_MB) or the path of a temporary file (uploads
 * streamed to disk, the file store's `writeTemporary`), so no image is held in
 * memory beyond its call's byte limit. Refusals are HttpErrors with the
 * contract's messages (sync/contract/images.ts).
 */
import { open } from 'node:fs/promises';
import type { Metadata, Sharp } from 'sharp';
import { loadSharp, type Sharp as SharpLoaded } from './sharp-loader';
import { FILE_TYPE_ALIASES, GENERIC_FILE_TYPES } from '@sync/contract/customers';
import { IMAGE_MESSAGES, MAX_IMAGE_PIXELS } from '@sync/contract/images';
import { HttpError } from '../http/errors';
import type { FileStore, StoredBytes } from './file-store';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

const IMAGE_MIME: Readonly<Record<ImageFormat, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** Longest side of a stored logo, px: the documents draw it in a 110 × 60 pt box, about 460 px at 300 dpi. */
export const LOGO_MAX_SIDE = 1000;

export type ImageRule = {
  /** The formats the call takes. */
  formats: readonly ImageFormat[];
  /** Longest side kept, px (fitted inside, never enlarged); none: the image's own size. */
  maxSide?: number;
  /** One output format whatever came in (a JPEG on white); none: each format stays itself. */
  output?: 'jpeg';
};

/**
 * Which images each call takes. The tablet reduces every photo to JPEG
 * (src/ui/photos/reduce-image.ts); PNG and WebP are what other clients and
 * screenshots send. The logo is PNG or JPEG: the only types the PDF
 * templates (pdfmake) draw. Customers' GIFs keep their animation.
 */
export const IMAGE_RULES = {
  logo: { formats: ['png', 'jpeg'], maxSide: LOGO_MAX_SIDE },
  samplePhoto: { formats: ['jpeg', 'png', 'webp'] },
  /** An avatar and a printout signature need no more than 1024 px; always a JPEG (spec section 5). */
  userImage: { formats: ['jpeg', 'png', 'webp'], maxSide: 1024, output: 'jpeg' },
  customerImage: { formats: ['jpeg', 'png', 'webp', 'gif'] },
} as const satisfies Record<string, ImageRule>;

/** libjpeg-turbo at 85: a tablet photo (1600 px, about 400 kB) keeps about its size; mozjpeg would save 6 % at 2–4 times the CPU. */
const JPEG_QUALITY = 85;
const WEBP_QUALITY = 90;
/** Formats that may hold several frames: all are read (and counted against the pixel limit) and kept. */
const ANIMATED: ReadonlySet<ImageFormat> = new Set(['gif', 'webp']);
/** Enough of the file to tell its format. */
const HEAD_BYTES = 64;

/** Types served inline (the formats stored re-encoded); any other file is served as an attachment. */
export function isInlineImageType(type: string): boolean {
  return Object.values(IMAGE_MIME).includes(type.split(';')[0]!.trim().toLowerCase());
}

/** The rule's format for a declared (or allow-listed) MIME type; null when the rule does not take it. */
export function ruleFormatOf(rule: ImageRule, type: string): ImageFormat | null {
  const declared = type.split(';')[0]!.trim().toLowerCase();
  const canonical = FILE_TYPE_ALIASES[declared] ?? declared;
  return rule.formats.find((format) => IMAGE_MIME[format] === canonical) ?? null;
}

function refusal(status: number, message: string, field: string | undefined): HttpError {
  return new HttpError(status, message, field ? { errors: { [field]: [message] } } : {});
}

/**
 * Refuses, before a byte is read, an upload whose declared type this rule
 * cannot take: not an image → 415 'Você não pode enviar arquivos desse
 * tipo.', an image type it does not take → 415 'Tipo de arquivo não
 * suportado: {type}'. A generic type (none, octet-stream) passes: the
 * bytes decide.
 */
export function assertDeclaredImage(rule: ImageRule, declaredType: string, field?: string): void {
  const declared = declaredType.split(';')[0]!.trim().toLowerCase();
  if (GENERIC_FILE_TYPES.includes(declared) || ruleFormatOf(rule, declared)) return;
  if (!declared.startsWith('image/')) throw refusal(415, IMAGE_MESSAGES.notAnImage, field);
  throw refusal(415, IMAGE_MESSAGES.unsupported(declared), field);
}

const at = (head: Uint8Array, offset: number, bytes: readonly number[]) => bytes.every((byte, i) => head[offset + i] === byte);
const ascii = (head: Uint8Array, offset: number, text: string) =>
  at(
    head,
    offset,
    [...text].map((c) => c.charCodeAt(0)),
  );

/** The format by the file's signature: one of ours, the MIME type of a known other image (for the message), or null. */
function sniff(head: Uint8Array): ImageFormat | { other: string } | null {
  if (at(head, 0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (at(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return 'gif';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'webp';
  if (ascii(head, 0, 'II*\0') || ascii(head, 0, 'MM\0*')) return { other: 'image/tiff' };
  if (ascii(head, 0, 'BM')) return { other: 'image/bmp' };
  if (ascii(head, 4, 'ftypavif')) return { other: 'image/avif' };
  if (ascii(head, 4, 'ftyphei') || ascii(head, 4, 'ftypmif1') || ascii(head, 4, 'ftypmsf1')) return { other: 'image/heic' };
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(head)
    .replace(/^\ufeff/, '')
    .trimStart();
  if (/^<(\?xml|svg|!doctype svg)/i.test(text)) return { other: 'image/svg+xml' };
  return null;
}

async function headOf(input: Buffer | string): Promise<Uint8Array> {
  if (typeof input !== 'string') return input.subarray(0, HEAD_BYTES);
  const file = await open(input, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** The format of stored bytes by their signature, for readers of files kept before the checks (thumbnails); null when not one of ours. */
export async function signatureFormat(path: string): Promise<ImageFormat | null> {
  const sniffed = sniff(await headOf(path));
  return typeof sniffed === 'string' ? sniffed : null;
}

function sharpOf(sharp: SharpLoaded, input: Buffer | string, format: ImageFormat): Sharp {
  return sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: ANIMATED.has(format) });
}

function isPixelLimit(error: unknown): boolean {
  return /pixel limit/i.test(error instanceof Error ? error.message : String(error));
}

export type ImageHeader = { format: ImageFormat; width: number; height: number };

/**
 * Checks an image without decoding it: its signature against the rule, then
 * its header with sharp (pixel limit included). Throws the 4xx refusal.
 */
export async function checkImageHeader(input: Buffer | string, rule: ImageRule, field?: string): Promise<ImageHeader> {
  const head = await headOf(input);
  if (head.length === 0) throw refusal(400, IMAGE_MESSAGES.empty, field);
  const sniffed = sniff(head);
  if (sniffed === null) throw refusal(415, IMAGE_MESSAGES.notAnImage, field);
  if (typeof sniffed !== 'string') throw refusal(415, IMAGE_MESSAGES.unsupported(sniffed.other), field);
  if (!rule.formats.includes(sniffed)) throw refusal(415, IMAGE_MESSAGES.unsupported(IMAGE_MIME[sniffed]), field);
  let meta: Metadata;
  try {
    meta = await sharpOf(await loadSharp(), input, sniffed).metadata();
  } catch (error) {
    if (isPixelLimit(error)) throw refusal(413, IMAGE_MESSAGES.tooManyPixels, field);
    throw refusal(400, IMAGE_MESSAGES.unreadable, field);
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (meta.format !== sniffed || width <= 0 || height <= 0) throw refusal(400, IMAGE_MESSAGES.unreadable, field);
  // sharp's own limit already holds; the same figure, said once more where it is read.
  if (width * height > MAX_IMAGE_PIXELS) throw refusal(413, IMAGE_MESSAGES.tooManyPixels, field);
  return { format: sniffed, width, height };
}

/** The re-encoding: upright, fitted to the rule's side, metadata dropped, in the output format. */
function reencoder(sharp: SharpLoaded, input: Buffer | string, format: ImageFormat, rule: ImageRule): { image: Sharp; output: ImageFormat } {
  const output: ImageFormat = rule.output ?? format;
  // A single output format (JPEG) takes the first frame only.
  let image = rule.output ? sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }) : sharpOf(sharp, input, format);
  image = image.rotate();
  if (rule.maxSide) image = image.resize({ width: rule.maxSide, height: rule.maxSide, fit: 'inside', withoutEnlargement: true });
  switch (output) {
    case 'jpeg':
      return { image: image.flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY }), output };
    case 'png':
      return { image: image.png(), output };
    case 'webp':
      return { image: image.webp({ quality: WEBP_QUALITY }), output };
    case 'gif':
      return { image: image.gif(), output };
  }
}

export type StoredImage = { stored: StoredBytes; type: string };

/**
 * Checks an uploaded image (checkImageHeader) and stores sharp's
 * re-encoding of it under a new key. Throws the 4xx refusal; on any
 * failure nothing is stored. The caller removes `input` when it is a
 * temporary file.
 */
export async function storeImage(storage: FileStore, input: Buffer | string, rule: ImageRule, field?: string): Promise<StoredImage> {
  const { format } = await checkImageHeader(input, rule, field);
  const { image, output } = reencoder(await loadSharp(), input, format, rule);
  let decodeError: unknown = null;
  image.once('error', (error) => {
    decodeError = error;
  });
  try {
    const stored = await storage.write(image);
    return { stored, type: IMAGE_MIME[output] };
  } catch (error) {
    if (decodeError === null) throw error;
    if (isPixelLimit(decodeError)) throw refusal(413, IMAGE_MESSAGES.tooManyPixels, field);
    throw refusal(400, IMAGE_MESSAGES.unreadable, field);
  }
}
