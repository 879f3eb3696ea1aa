/**
 * The precache's two groups and their order (issue 26), for the service
 * worker in src/app/pwa/sw: the first group is what a technician needs to
 * open the app offline and work on samples (index.html, the icons, the
 * entry chunk and everything it loads at once, the chunks of the shell's,
 * the overview's, the sync page's and the samples' routes with what they
 * load, their CSS and assets); the rest is everything else (office screens,
 * PDF, rich text, the PDF's fonts). A lazy import into a route outside the
 * list, or into the PDF or rich-text libraries, does not pull
 * its chunk into the first group; a static import always does (the chunk
 * could not run without it).
 *
 * `precachePlan()` is a Vite plugin that reads the bundle's module graph;
 * `plan.transform` is a workbox manifest transform that tags each entry
 * with its group and weight (gzip size), puts the first group first, and
 * logs each group's bytes (docs/decisions/offline-readiness.md).
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig, Rollup } from 'vite';

/** Route files a technician opens offline, from the project root. */
export const FIRST_ROUTES: readonly RegExp[] = [
  /^src\/routes\/(__root|index|\$|errors|public|admin)\.tsx$/,
  /^src\/routes\/public\/(index|login|\$)\.tsx$/,
  /^src\/routes\/admin\/(index|\$|overview|sincronizacao)\.tsx$/,
  /^src\/routes\/admin\/amostra\//,
];

/**
 * Code only a print or the office's rich text needs: a lazy import never
 * brings it into the first group.
 */
export const LATER_MODULES = /\/node_modules\/(pdfmake|@mantine\/tiptap|@tiptap\/[^/]+|prosemirror-[^/]+)\/|\/src\/pdf\//;

/** Files outside the module graph that the first visit needs. */
const FIRST_FILES = /^(index\.html|manifest\.webmanifest|favicon\.svg|icons\/.*)$/;

type Group = 'first' | 'rest';

interface WorkboxEntry {
  url: string;
  revision: string | null;
  size: number;
  group?: Group;
  bytes?: number;
}

interface GroupFigures {
  files: number;
  raw: number;
  gzip: number;
}

export interface PrecachePlan {
  plugin: Plugin;
  transform: (manifest: WorkboxEntry[]) => Promise<{ manifest: WorkboxEntry[]; warnings: string[] }>;
}

/** The first group's files, in the order they are found (entry first), from the bundle's module graph. */
export function firstGroupFiles(bundle: Rollup.OutputBundle, root: string): string[] {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const path = (id: string) => relative(root, id.split('?')[0] ?? id).replaceAll('\\', '/');
  const isRouteChunk = (chunk: Rollup.OutputChunk) => chunk.moduleIds.some((id) => id.includes('tsr-split'));
  const isFirstRoute = (chunk: Rollup.OutputChunk) => chunk.moduleIds.some((id) => FIRST_ROUTES.some((route) => route.test(path(id))));
  const isLater = (chunk: Rollup.OutputChunk) => chunk.moduleIds.some((id) => LATER_MODULES.test(id.replaceAll('\\', '/')));

  const first = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk | undefined) => {
    if (!chunk || first.has(chunk.fileName)) return;
    first.add(chunk.fileName);
    for (const file of chunk.viteMetadata?.importedCss ?? []) first.add(file);
    for (const file of chunk.viteMetadata?.importedAssets ?? []) first.add(file);
    for (const file of chunk.imports) visit(byFile.get(file));
    for (const file of chunk.dynamicImports) {
      const target = byFile.get(file);
      if (!target || (isRouteChunk(target) && !isFirstRoute(target)) || isLater(target)) continue;
      visit(target);
    }
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk);
  for (const chunk of chunks) if (isRouteChunk(chunk) && isFirstRoute(chunk)) visit(chunk);
  return [...first];
}

export function precachePlan(): PrecachePlan {
  let config: ResolvedConfig | undefined;
  let first: string[] | null = null;

  const plugin: Plugin = {
    name: 'higiene:precache-plan',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      // Only the app's bundle (the worker's own build has no index.html entry).
      const isApp = (item: Rollup.OutputBundle[string]) =>
        item.type === 'chunk' && item.isEntry && item.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith('src/main.tsx'));
      if (!config || !Object.values(bundle).some(isApp)) return;
      first = firstGroupFiles(bundle, config.root);
    },
  };

  async function transform(manifest: WorkboxEntry[]) {
    if (!config || !first) return { manifest, warnings: ['precache plan: the app bundle was not seen; every file is in the first group'] };
    const outDir = resolve(config.root, config.build.outDir);
    const order = new Map(first.map((file, index) => [file, index]));
    const totals: Record<Group, GroupFigures> = { first: { files: 0, raw: 0, gzip: 0 }, rest: { files: 0, raw: 0, gzip: 0 } };
    const planned = manifest.map((entry) => {
      const group: Group = order.has(entry.url) || FIRST_FILES.test(entry.url) ? 'first' : 'rest';
      const gzip = gzipSync(readFileSync(join(outDir, entry.url)), { level: 9 }).length;
      // What travels: the server sends a compressed copy only when it is smaller (scripts/build/precompress.ts).
      const bytes = Math.max(1, Math.min(gzip, entry.size));
      totals[group].files += 1;
      totals[group].raw += entry.size;
      totals[group].gzip += bytes;
      return { ...entry, group, bytes };
    });
    const rank = (entry: WorkboxEntry) => (entry.group === 'first' ? (order.get(entry.url) ?? -1) : Number.MAX_SAFE_INTEGER);
    // The first group in load order; the rest smallest first (office screens before the PDF library and fonts).
    planned.sort((a, b) => rank(a) - rank(b) || (a.group === 'rest' ? (a.bytes ?? 0) - (b.bytes ?? 0) : 0));
    const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
    for (const group of ['first', 'rest'] as const) {
      const t = totals[group];
      config.logger.info(`precache plan: ${group} ${t.files} files, ${kB(t.raw)} raw, ${kB(t.gzip)} gzip`);
    }
    return { manifest: planned, warnings: [] };
  }

  return { plugin, transform };
}
