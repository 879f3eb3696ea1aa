/** The types of bundle-options.mjs, for the TypeScript that imports it (the server tests' global setup). */
import type { BuildOptions } from 'esbuild';

export function serverBundleOptions(entryPoints: BuildOptions['entryPoints']): BuildOptions;
