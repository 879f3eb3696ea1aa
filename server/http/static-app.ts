/**
 * Serves the built PWA from dist/ on the same port as the API.
 *
 * Hashed files under /assets/ never change, so browsers keep them for a
 * year. Everything else (index.html, sw.js, registerSW.js, the manifest,
 * icons) is revalidated on every use, so a new release reaches devices on
 * their next visit. Client-side routes (/admin/..., /public/...) get
 * index.html; a missing asset or API path stays a 404.
 *
 * The build writes brotli and gzip copies of the text files
 * (scripts/build/precompress.ts); each request gets the copy its
 * Accept-Encoding allows (brotli first), else the plain file, always with
 * `Vary: Accept-Encoding`. Nothing is compressed per request.
 */
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { access } from '../auth/access';
import { installNotFound } from './error-handler';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

function cacheControlFor(filePath: string): string {
  return filePath.includes(`${sep}assets${sep}`) ? IMMUTABLE : REVALIDATE;
}

/** Looks like a file request (has an extension) rather than a client-side route. */
function looksLikeFile(path: string): boolean {
  return path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path);
}

/**
 * Registers the static files and the SPA fallback when dist/index.html
 * exists; otherwise only JSON 404s. Returns whether the app is served.
 */
export async function installPwa(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) {
    installNotFound(app);
    return false;
  }
  // The app's files are public: this scope declares every route the static plugin registers. Its
  // not-found handler (the SPA fallback) lives here too, where the plugin's `sendFile` is.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: access.public() };
    });
    await scope.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: 'index.html',
      redirect: false,
      cacheControl: false,
      dotfiles: 'ignore',
      preCompressed: true,
      setHeaders: (reply: FastifyReply, filePath: string) => {
        reply.header('cache-control', cacheControlFor(filePath));
      },
    });
    installNotFound(scope, (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (looksLikeFile(path)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply.header('cache-control', REVALIDATE).sendFile('index.html');
    });
  });
  return true;
}
