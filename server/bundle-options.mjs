/**
 * How the server's TypeScript is compiled to JavaScript modules with
 * esbuild: for `npm start` (server/build-server.mjs, server/main.ts alone)
 * and for the server tests' spawned commands (compiled once per run,
 * tests/server/helpers/compile-commands.global.ts), so both run the same
 * output. Packages stay imports (node_modules is read as it is). Each
 * source's `import.meta.url` keeps naming the source file, so the paths
 * built from it (the migrations folder, the PDF worker's module) are the
 * same as when the sources run through tsx.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

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

/** esbuild's options for one self-contained ES module per entry point (add `outfile` or `outdir`). */
export function serverBundleOptions(entryPoints) {
  return {
    absWorkingDir: ROOT,
    entryPoints,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    logLevel: 'error',
    plugins: [sourceUrls],
  };
}
