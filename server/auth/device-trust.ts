/**
 * Device cookies: a browser where a user signed in with the right password
 * gets an HttpOnly cookie `ho_device_<userId>` = `<deviceId>.<mac>`, signed
 * with a key derived from the token secret. Later password grants for that
 * user from that browser are "trusted": what strangers do to the account or
 * the address (failures that slow the account down, a busy shared address)
 * does not apply to them, so a stranger cannot shut the owner out of the
 * devices they already use (docs/decisions/sign-in-protection-openapi.md).
 *
 * The cookie grants nothing by itself: the password is still checked, and
 * failures with it are limited per device. Its path is /oauth/token, so no
 * other call carries it; the PWA's fetch sends it without any client code
 * (same origin).
 */
import { createHmac } from 'node:crypto';
import { randomToken, safeEqual } from '../lib/crypto';

export const DEVICE_COOKIE_PREFIX = 'ho_device_';
/** Renewed on every successful sign-in from the device. */
export const DEVICE_TRUST_DAYS = 180;

export type DeviceTrust = {
  /** The device id of a valid cookie for `userId` in the request's Cookie header. */
  deviceOf(cookieHeader: string | undefined, userId: number): string | undefined;
  /** A Set-Cookie value trusting this browser for `userId` (keeps `deviceId` when the browser had one). */
  setCookie(userId: number, deviceId: string | undefined, secure: boolean): string;
};

/** The cookies of a Cookie header, by name (the first of a repeated name wins). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    if (!cookies.has(name)) cookies.set(name, part.slice(at + 1).trim());
  }
  return cookies;
}

export function createDeviceTrust(tokenSecret: string): DeviceTrust {
  // A key of its own, so a device cookie's MAC can never pass for a token signature.
  const key = createHmac('sha256', tokenSecret).update('device-cookie').digest();
  const mac = (userId: number, deviceId: string) => createHmac('sha256', key).update(`${userId}.${deviceId}`).digest('base64url');

  return {
    deviceOf(cookieHeader, userId) {
      const value = parseCookies(cookieHeader).get(`${DEVICE_COOKIE_PREFIX}${userId}`);
      const [deviceId, signature, extra] = (value ?? '').split('.');
      if (!deviceId || !signature || extra !== undefined || !/^[A-Za-z0-9_-]{22}$/.test(deviceId)) return undefined;
      return safeEqual(signature, mac(userId, deviceId)) ? deviceId : undefined;
    },
    setCookie(userId, deviceId, secure) {
      const id = deviceId ?? randomToken(16);
      const attributes = [
        `${DEVICE_COOKIE_PREFIX}${userId}=${id}.${mac(userId, id)}`,
        'Path=/oauth/token',
        `Max-Age=${DEVICE_TRUST_DAYS * 24 * 3600}`,
        'HttpOnly',
        'SameSite=Strict',
      ];
      if (secure) attributes.push('Secure');
      return attributes.join('; ');
    },
  };
}
