/**
 * The browser's connectivity as `navigator.onLine` reports it (jsdom says
 * online), with the event a real browser fires, for the screens that read it.
 */
export function setBrowserOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}
