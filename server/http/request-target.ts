/**
 * The request target as the router will read it, decided once at the edge
 * (Fastify's `rewriteUrl`, before routing and every hook):
 *
 * - absolute form (`GET http://host/api/user/2`, RFC 9112 §3.2.2), which a
 *   server must accept, becomes its path and query; a target in no form we
 *   serve (`*`, authority form) is left for the router to answer 404;
 * - dot segments (`/api/x/../user`, `%2e`, `.%2E`...) are resolved as the
 *   WHATWG URL parser resolves them, so the router matches the route they
 *   name and that route's access declaration decides, like for the plain
 *   path.
 *
 * Access is never decided from this string (server/auth/access.ts reads the
 * matched route); this keeps the logs, the not-found handler and the
 * idempotency records speaking of the path that was really served.
 */

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;
/** A `.` or `..` path segment, plain or percent-encoded. */
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|\?|#|$)/i;
const BASE = 'http://request.target';

export function normaliseRequestTarget(target: string): string {
  let path = target;
  const absolute = ABSOLUTE_FORM.exec(path);
  if (absolute) {
    path = path.slice(absolute[0].length);
    if (path === '' || path.startsWith('?')) path = `/${path}`;
  }
  if (!path.startsWith('/')) return path;
  const queryAt = path.indexOf('?');
  const pathPart = queryAt === -1 ? path : path.slice(0, queryAt);
  if (!DOT_SEGMENT.test(pathPart)) return path;
  // BASE + path (never `new URL(path, BASE)`): a path starting with `//` must stay a path, not become a host.
  let url: URL;
  try {
    url = new URL(`${BASE}${pathPart}`);
  } catch {
    return path;
  }
  return `${url.pathname}${queryAt === -1 ? '' : path.slice(queryAt)}`;
}

/**
 * The path a request was served at, as the router read it: the matched
 * route's pattern with its (decoded) parameters filled in, so every
 * spelling of one path gives one string (`/%61pi/quotation/1` and
 * `/api/quotation/1` both give the latter). Requests that matched no route
 * give their path as sent.
 */
export function matchedPath(request: { routeOptions: { url?: string | undefined }; params: unknown; url: string }): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return request.url.split('?')[0] ?? request.url;
  const params = (request.params ?? {}) as Record<string, unknown>;
  return pattern
    .replace(/:([A-Za-z0-9_]+)/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
    .replace(/\*$/, () => String(params['*'] ?? ''));
}
