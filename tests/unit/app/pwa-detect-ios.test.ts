/**
 * When the "add to home screen" hint shows: Safari on iPhone/iPad (iPadOS
 * reports a Mac with touch), not when already installed.
 */
import { describe, expect, it } from 'vitest';
import { shouldShowIosInstallHint, type IosFacts } from '@/app/pwa/detect-ios';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const OLD_IPAD = 'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('shouldShowIosInstallHint', () => {
  it.each<[string, IosFacts, boolean]>([
    ['iPhone in Safari', { userAgent: IPHONE, platform: 'iPhone', maxTouchPoints: 5, standalone: false }, true],
    ['iPhone, installed', { userAgent: IPHONE, platform: 'iPhone', maxTouchPoints: 5, standalone: true }, false],
    ['iPad reporting as a Mac', { userAgent: IPAD_AS_MAC, platform: 'MacIntel', maxTouchPoints: 5, standalone: false }, true],
    ['a real Mac (no touch)', { userAgent: IPAD_AS_MAC, platform: 'MacIntel', maxTouchPoints: 0, standalone: false }, false],
    ['older iPad', { userAgent: OLD_IPAD, platform: 'iPad', maxTouchPoints: 5, standalone: false }, true],
    ['Android tablet', { userAgent: ANDROID, platform: 'Linux armv8l', maxTouchPoints: 10, standalone: false }, false],
    ['Windows touch laptop', { userAgent: WINDOWS, platform: 'Win32', maxTouchPoints: 10, standalone: false }, false],
  ])('%s → %s', (_name, facts, expected) => {
    expect(shouldShowIosInstallHint(facts)).toBe(expected);
  });
});
