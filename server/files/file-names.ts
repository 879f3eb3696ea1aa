/**
 * Names of uploaded files, which come from the client and are never
 * trusted: the original name loses any folder and invisible or control
 * characters; the display name is checked; the names a download or a zip
 * entry gets never contain a path separator; and Content-Disposition
 * carries them with an ASCII fallback and the RFC 5987 UTF-8 form.
 *
 * None of these names is ever used to build a path on the server
 * (file-store.ts names bytes by a random key).
 */
import { CUSTOMER_MESSAGES, fileDisplayNameSchema } from '@sync/contract/customers';

export const MAX_FILE_NAME_LENGTH = 255;
const FALLBACK_NAME = 'arquivo';

/** C0/C1 controls and DEL. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** Direction overrides and zero-width marks, which can disguise an extension ('foto\u202Efdp.exe'). */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** '.pdf' (lowercase) or '' when the name has no usable extension. */
export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return match ? `.${match[1]!.toLowerCase()}` : '';
}

/** Cuts a name to `max` characters, keeping its extension. */
function truncateKeepingExtension(name: string, max: number): string {
  const chars = [...name];
  if (chars.length <= max) return name;
  const extension = extensionOf(name);
  return (
    chars
      .slice(0, max - extension.length)
      .join('')
      .trimEnd() + extension
  );
}

/**
 * The file name a device sent, made safe to keep and show: only what
 * follows the last '/' or '\', without control or invisible characters,
 * trimmed, at most 255 characters; 'arquivo' when nothing usable is left
 * (empty, '.' or '..').
 */
export function safeOriginalName(raw: string | null | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base.replace(CONTROL, '').replace(INVISIBLE, '').trim();
  if (clean === '' || /^\.+$/.test(clean)) return FALLBACK_NAME;
  return truncateKeepingExtension(clean, MAX_FILE_NAME_LENGTH);
}

export type NameCheck = { ok: true; name: string } | { ok: false; message: string };

/**
 * The display name of an upload (the form field `name`), by the contract's
 * rule (fileDisplayNameSchema): required and not blank ('Preencha os nomes
 * obrigatórios dos arquivos'), no control or NUL characters, not just dots,
 * at most 255 characters.
 */
export function checkDisplayName(raw: unknown): NameCheck {
  const result = fileDisplayNameSchema.safeParse(raw);
  if (result.success) return { ok: true, name: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? CUSTOMER_MESSAGES.fileNameInvalid };
}

/**
 * The name a download gets: the display name with path separators and
 * control characters replaced, plus the original extension when the name
 * does not end with it ('Laudo de ruído' + 'medicao.PDF' → 'Laudo de
 * ruído.pdf'). Leading dots go, so nothing becomes a hidden file.
 */
export function downloadName(displayName: string, originalName: string): string {
  const base =
    displayName
      .replace(CONTROL, '')
      .replace(INVISIBLE, '')
      .replace(/[/\\]/g, '-')
      .replace(/^[.\s]+/, '')
      .trim() || FALLBACK_NAME;
  const extension = extensionOf(originalName);
  const named = extension && !base.toLowerCase().endsWith(extension) ? base + extension : base;
  return truncateKeepingExtension(named, MAX_FILE_NAME_LENGTH);
}

/**
 * Names made unique for one zip, in order, case-insensitively (Windows
 * folders do not tell 'A.pdf' from 'a.pdf'): the second 'nome.pdf' becomes
 * 'nome (2).pdf', the third 'nome (3).pdf'.
 */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const extension = extensionOf(name);
    const stem = extension ? name.slice(0, -extension.length) : name;
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** RFC 5987 / 8187 value: UTF-8, percent-encoded beyond the attr-chars. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment; filename="ascii"; filename*=UTF-8''…` for a download. */
export function contentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\]/g, '_') || FALLBACK_NAME;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
