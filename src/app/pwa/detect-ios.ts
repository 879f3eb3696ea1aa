/**
 * Whether to show the "add to home screen" hint: Safari on iPhone/iPad has
 * no install prompt (no `beforeinstallprompt`), and iPadOS reports itself
 * as a Mac, so a Mac with a touch screen counts as an iPad. Not shown when
 * already running from the home screen (standalone).
 */

export interface IosFacts {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** `navigator.standalone` (Safari) or display-mode: standalone. */
  standalone: boolean;
}

export function isIosDevice(facts: Pick<IosFacts, 'userAgent' | 'platform' | 'maxTouchPoints'>): boolean {
  if (/iPad|iPhone|iPod/.test(facts.userAgent)) return true;
  const looksLikeMac = facts.platform === 'MacIntel' || /Macintosh/.test(facts.userAgent);
  return looksLikeMac && facts.maxTouchPoints > 1;
}

export function shouldShowIosInstallHint(facts: IosFacts): boolean {
  return isIosDevice(facts) && !facts.standalone;
}

export function readIosFacts(win: Window = window): IosFacts {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    platform: nav.platform ?? '',
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone: nav.standalone === true || win.matchMedia?.('(display-mode: standalone)').matches === true,
  };
}
