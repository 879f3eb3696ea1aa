/**
 * Compiles the server (server/main.ts and what it imports from server/,
 * sync/ and src/) into one JavaScript module, for server/start.mjs: `node
 * server/build-server.mjs <out file>`. Run in a process of its own, so
 * esbuild's memory ends with it. Packages stay imports (node_modules is
 * read as it is). Each source's `import.meta.url` keeps naming the source
 * file, so the paths built from it (the migrations folder, the PDF worker's
 * module) are the same as when the sources run through tsx.
 * docs/decisions/server-memory.md
 */
import { readFile, rename } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const out = process.argv[2];
if (!out) {
  console.error('uso: node server/build-server.mjs <arquivo de saída>');
  process.exit(2);
}

/** `import.meta.url` of a bundled module would be the bundle's; each keeps its own. */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
        loader: path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

// Written beside, then renamed: a server starting at the same moment imports a whole file, old or new.
const partial = `${out}.${process.pid}.partial.mjs`;
try {
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['server/main.ts'],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    logLevel: 'error',
    plugins: [sourceUrls],
  });
  await rename(partial, out);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
