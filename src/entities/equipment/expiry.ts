/**
 * Whether an equipment's calibration is still valid on a given day. The
 * expiry date ('Data de Validade') is the last valid day: an instrument is
 * expired from the day after it, and a technician must not take it to the
 * field. Within `SOON_DAYS` of it the calibration is about to expire.
 */
export type ExpiryStatus = 'expired' | 'soon' | 'valid';

export const SOON_DAYS = 30;

const DAY_MS = 86_400_000;

function dayNumber(iso: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

/** Null when there is no (readable) expiry date. Both dates are YYYY-MM-DD. */
export function expiryStatus(expirationDate: string | null | undefined, today: string): ExpiryStatus | null {
  const expiry = expirationDate ? dayNumber(expirationDate) : null;
  const now = dayNumber(today);
  if (expiry === null || now === null) return null;
  if (expiry < now) return 'expired';
  return expiry - now <= SOON_DAYS ? 'soon' : 'valid';
}
