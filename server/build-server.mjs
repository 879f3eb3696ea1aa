/**
 * Compiles the server (server/main.ts and what it imports from server/,
 * sync/ and src/) into one JavaScript module, for server/start.mjs: `node
 * server/build-server.mjs <out file>`. Run in a process of its own, so
 * esbuild's memory ends with it. The options (packages stay imports, each
 * source keeps its own `import.meta.url`) are server/bundle-options.mjs.
 * docs/decisions/server-memory.md
 */
import { rename } from 'node:fs/promises';
import { build } from 'esbuild';
import { serverBundleOptions } from './bundle-options.mjs';

const out = process.argv[2];
if (!out) {
  console.error('uso: node server/build-server.mjs <arquivo de saída>');
  process.exit(2);
}

// Written beside, then renamed: a server starting at the same moment imports a whole file, old or new.
const partial = `${out}.${process.pid}.partial.mjs`;
try {
  await build({ ...serverBundleOptions(['server/main.ts']), outfile: partial });
  await rename(partial, out);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
