/**
 * Vite plugin: after the build (and after vite-plugin-pwa has written sw.js),
 * writes a brotli (`.br`) and a gzip (`.gz`) copy next to every text file of
 * the output folder, so the server sends compressed bytes without
 * compressing per request (@fastify/static `preCompressed`, see
 * server/http/static-app.ts). Done once at build time, so the slowest,
 * smallest settings are affordable: brotli quality 11, gzip level 9.
 * Source maps are skipped (only developers fetch them), and so are files too
 * small to gain anything.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * Formats worth compressing: text, and TrueType/OpenType fonts (the PDF's
 * Roboto TTFs are 626 kB raw, about half that in brotli; issue 26). Images
 * and WOFF/WOFF2 fonts are compressed already.
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|ttf|otf)$/i;
const FONT = /\.(ttf|otf)$/i;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** Writes `<file>.br` and `<file>.gz` for every compressible file in `dir`; returns how many files got copies. */
export function precompressDirectory(dir: string): number {
  let count = 0;
  for (const file of listFiles(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [constants.BROTLI_PARAM_MODE]: FONT.test(file) ? constants.BROTLI_MODE_FONT : constants.BROTLI_MODE_TEXT,
      },
    });
    const gzip = gzipSync(content, { level: 9 });
    // A copy that is not smaller would only cost bytes: the plain file is served instead.
    if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
    count += 1;
  }
  return count;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'higiene:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // Last, and after every other plugin's closeBundle: vite-plugin-pwa writes sw.js there.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const outDir = resolve(config.root, config.build.outDir);
        const count = precompressDirectory(outDir);
        config.logger.info(`precompress: ${count} files with .br and .gz copies in ${outDir}`);
      },
    },
  };
}
