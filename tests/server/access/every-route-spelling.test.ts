/**
 * Authorization never depends on how a request is spelled (issue 20): every
 * registered route, sent without a token in every spelling an attacker
 * tried (absolute form in any case, with user:pass@ and a query,
 * percent-encoded letters, dot segments, and all of them at once), on a
 * raw socket so the target reaches the server exactly as written. Every
 * route that is not public answers 401 with the Portuguese message; public
 * ones never 5xx, and 401 only where the plain path does (bad credentials). And every route declares its access, or the app does not
 * start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteModule } from '@server/app-context';
import { access } from '@server/auth/access';
import { HTTP_MESSAGES } from '@server/http/messages';
import { fillPath } from '../fuzz/cases';
import { sampleOf } from '../fuzz/sample-body';
import { rawJsonRequest } from '../helpers/raw-http';
import { routeRecorder } from '../helpers/route-table';
import { startTestApp, type TestApp } from '../helpers/test-app';

const recorder = routeRecorder();
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ extraPlugins: [recorder.plugin] });
});
afterAll(() => t?.close());

/** Each letter of the path's first segment and of its last literal segment percent-encoded. */
function encodeLetters(path: string): string {
  const segments = path.split('/');
  const encode = (segment: string) => segment.replace(/[a-z]/gi, (c) => `%${c.charCodeAt(0).toString(16)}`);
  segments[1] = encode(segments[1]!);
  const last = segments.length - 1;
  if (last > 1 && !/^\d+$/.test(segments[last]!)) segments[last] = encode(segments[last]!);
  return segments.join('/');
}

/** `/api/x/../rest`, `/./`, and the percent-encoded `%2e%2e` form. */
function withDots(path: string, style: 'plain' | 'encoded' | 'single'): string {
  const [, first, ...rest] = path.split('/');
  const detour = { plain: 'nada/..', encoded: 'nada/%2e%2E', single: '.' }[style];
  return `/${first}/${detour}/${rest.join('/')}`;
}

const SPELLINGS: Array<[name: string, spell: (path: string) => string]> = [
  ['plain', (p) => p],
  ['absolute', (p) => `http://x${p}`],
  ['ABSOLUTE', (p) => `HTTP://X${p}`],
  ['absolute, user:pass@, port and query', (p) => `http://user:pass@x:80${p}?q=1`],
  ['percent-encoded letters', encodeLetters],
  ['dot segments', (p) => withDots(p, 'plain')],
  ['encoded dot segments', (p) => withDots(p, 'encoded')],
  ['single dot segment', (p) => withDots(p, 'single')],
  ['everything at once', (p) => `https://a:b@x${withDots(encodeLetters(p), 'encoded')}?z=%00`],
];

describe('every route, every spelling, no token', () => {
  it('every registered route declares its access', () => {
    expect(recorder.routes.length).toBeGreaterThan(100);
    expect(recorder.routes.filter((route) => !route.access).map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('answers 401 for every non-public route and the plain answer for public ones', async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const route of recorder.routes) {
      const path = fillPath(route);
      const write = route.method !== 'GET';
      const body = write ? JSON.stringify(route.schema.body ? sampleOf(route.schema.body) : {}) : undefined;
      let plainStatus = 0;
      for (const [name, spell] of SPELLINGS) {
        const answer = await rawJsonRequest(t.baseUrl, route.method, spell(path), body);
        sent += 1;
        if (name === 'plain') plainStatus = answer.status;
        if (!route.public) {
          if (answer.status !== 401) problems.push(`${route.method} ${spell(path)} (${name}) → ${answer.status} ${answer.body.slice(0, 120)}`);
          else if (JSON.parse(answer.body).message !== HTTP_MESSAGES.unauthenticated)
            problems.push(`${route.method} ${spell(path)}: message ${answer.body}`);
        } else if (answer.status >= 500 || (answer.status === 401 && plainStatus !== 401)) {
          // Public routes answer what their handler says (bad credentials 401, attempt limits 429), never 5xx.
          problems.push(`public ${route.method} ${spell(path)} (${name}) → ${answer.status}, plain ${plainStatus}`);
        }
      }
    }
    console.info(`spellings: ${recorder.routes.length} routes, ${sent} requests`);
    expect(problems.slice(0, 40)).toEqual([]);
  }, 300_000);
});

describe('a route without an access declaration', () => {
  it('stops the start, naming the route', async () => {
    const undeclared: RouteModule = {
      name: 'undeclared',
      register(app) {
        app.get('/api/esquecida', async () => ({ secret: true }));
        app.get('/api/declarada', { config: { access: access.signedIn() } }, async () => ({ ok: true }));
      },
    };
    await expect(startTestApp({ extraRoutes: [undeclared] })).rejects.toThrow(/GET \/api\/esquecida/);
  });
});
