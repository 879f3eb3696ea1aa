/**
 * 'From which device' in a sample's history: the device id the sync client
 * sends in DEVICE_HEADER (kept only when it is a plain id: at most 64
 * letters, digits and hyphens; anything else is ignored, never stored) and
 * a short summary of the user agent ('Chrome, Android'), so a person reading
 * the history can tell the tablet from the office desktop.
 */
import type { FastifyRequest } from 'fastify';
import { DEVICE_HEADER } from '@sync/contract/samples';

const DEVICE_ID = /^[A-Za-z0-9-]{1,64}$/;

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\biPad\b/, 'iPad'],
  [/\biPhone\b/, 'iPhone'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** 'Chrome, Android', or null when the agent names neither. */
export function userAgentSummary(agent: string | undefined): string | null {
  if (!agent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  const parts = [browser, system].filter((part): part is string => part !== undefined);
  return parts.length === 0 ? null : parts.join(', ');
}

/** 'a1b2-… (Chrome, Android)', the id alone, the summary alone, or null. */
export function requestDevice(request: FastifyRequest): string | null {
  const raw = firstHeader(request.headers[DEVICE_HEADER])?.trim();
  const id = raw !== undefined && DEVICE_ID.test(raw) ? raw : null;
  const summary = userAgentSummary(firstHeader(request.headers['user-agent']));
  if (id && summary) return `${id} (${summary})`;
  return id ?? summary;
}
