/**
 * Input masks for Brazilian documents, postcodes, phones and dates
 * (core-administration.md section 5 "Masks"; calculations.md section 6).
 *
 * Owns the masks only; check digits live in documents.ts. Every mask keeps
 * the characters the pattern accepts, drops the rest, stops at the pattern's
 * length and never ends with a dangling separator, so it can run on every
 * keystroke and is idempotent: mask(mask(x)) === mask(x).
 */

/** '(11) 98765-4321' → '11987654321'. */
export function onlyDigits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/**
 * Fills a pattern where '0' is a slot for one accepted character. Separators
 * are written only when a character follows them.
 */
function applyPattern(chars: string, pattern: string): string {
  let out = '';
  let next = 0;
  for (const symbol of pattern) {
    if (next >= chars.length) break;
    if (symbol === '0') {
      out += chars[next];
      next += 1;
    } else {
      out += symbol;
    }
  }
  return out;
}

export const CPF_PATTERN = '000.000.000-00';
export const CNPJ_PATTERN = '00.000.000/0000-00';
export const CEP_PATTERN = '00.000-000';
export const PHONE_PATTERN = '(00) 0000-0000';
export const MOBILE_PATTERN = '(00) 00000-0000';
export const DATE_PATTERN = '00/00/0000';

/** CPF: 11 digits, '000.000.000-00'. */
export function maskCpf(value: string | null | undefined): string {
  return applyPattern(onlyDigits(value).slice(0, 11), CPF_PATTERN);
}

/**
 * CNPJ: 14 characters, '00.000.000/0000-00'. From July 2026 the Receita
 * Federal issues alphanumeric CNPJs (IN RFB 2.229/2024): the first 12
 * characters may be letters (kept uppercase), the two check digits are
 * always digits. An all-digit CNPJ masks exactly as before.
 */
export function maskCnpj(value: string | null | undefined): string {
  let chars = '';
  for (const char of (value ?? '').toUpperCase()) {
    if (chars.length >= 14) break;
    const accepted = chars.length < 12 ? /[0-9A-Z]/ : /[0-9]/;
    if (accepted.test(char)) chars += char;
  }
  return applyPattern(chars, CNPJ_PATTERN);
}

/** CEP: 8 digits, '00.000-000' (the spec's pattern, with the dot). */
export function maskCep(value: string | null | undefined): string {
  return applyPattern(onlyDigits(value).slice(0, 8), CEP_PATTERN);
}

/**
 * Phone: '(00) 0000-0000', switching to '(00) 00000-0000' when the masked
 * length reaches 15, i.e. when an eleventh digit is typed.
 */
export function maskPhone(value: string | null | undefined): string {
  const digits = onlyDigits(value).slice(0, 11);
  const short = applyPattern(digits, PHONE_PATTERN);
  // The short pattern holds 10 digits (14 characters); the 11th digit would
  // make the masked text 15 characters long, which is the switch point.
  return digits.length > 10 ? applyPattern(digits, MOBILE_PATTERN) : short;
}

/** The customer's document: CPF for 'individual', CNPJ for 'corporate'. */
export function maskDocument(type: 'individual' | 'corporate', value: string | null | undefined): string {
  return type === 'corporate' ? maskCnpj(value) : maskCpf(value);
}

/** Date typed as DD/MM/YYYY (placeholder 00/00/0000). */
export function maskDate(value: string | null | undefined): string {
  return applyPattern(onlyDigits(value).slice(0, 8), DATE_PATTERN);
}

/** Postcode lookup runs only when 8 digits remain after stripping the rest. */
export function isCompleteCep(value: string | null | undefined): boolean {
  return onlyDigits(value).length === 8;
}

export const TIME_PATTERN = '00:00';

/** Time or duration typed as HH:mm (placeholder 00:00): '0730' → '07:30'. */
export function maskTime(value: string | null | undefined): string {
  return applyPattern(onlyDigits(value).slice(0, 4), TIME_PATTERN);
}
