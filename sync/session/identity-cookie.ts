/**
 * The identity cookie (spec sections 2 and 9): a cookie written by the
 * client, readable by scripts, holding the signed-in user's id for 6 hours.
 * The admin guard compares it with the stored user id.
 *
 * It is a marker, not a credential: the bearer token authenticates API calls.
 * Reading and writing go through a tiny `CookieJar` so tests and non-browser
 * callers can supply their own.
 */

export const IDENTITY_COOKIE_NAME = 'ho_user_id';
/** Spec section 9: session cookie lifetime default 21600 s. */
export const IDENTITY_COOKIE_MAX_AGE_SECONDS = 21_600;

/** The part of `document` the cookie needs; `document` itself satisfies it. */
export interface CookieJar {
  cookie: string;
}

function defaultJar(): CookieJar | null {
  return typeof document === 'undefined' ? null : document;
}

function isSecureContextPage(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:';
}

/** The user id named by the cookie, or null when absent, expired or garbled. */
export function readIdentityCookie(jar: CookieJar | null = defaultJar()): number | null {
  if (!jar) return null;
  for (const part of jar.cookie.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName !== IDENTITY_COOKIE_NAME) continue;
    const value = decodeURIComponent(rest.join('='));
    const id = Number(value);
    return /^\d+$/.test(value) && Number.isSafeInteger(id) ? id : null;
  }
  return null;
}

/** Writes (or re-issues, sliding the 6 h lifetime) the cookie for a user. */
export function writeIdentityCookie(userId: number, jar: CookieJar | null = defaultJar()): void {
  if (!jar) return;
  const secure = isSecureContextPage() ? '; Secure' : '';
  jar.cookie =
    `${IDENTITY_COOKIE_NAME}=${encodeURIComponent(String(userId))}` +
    `; Max-Age=${IDENTITY_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Strict${secure}`;
}

export function clearIdentityCookie(jar: CookieJar | null = defaultJar()): void {
  if (!jar) return;
  jar.cookie = `${IDENTITY_COOKIE_NAME}=; Max-Age=0; Path=/; SameSite=Strict`;
}
