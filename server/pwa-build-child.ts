/**
 * The PWA build of a first start, run by pwa-build.ts in a process of its
 * own so that Vite's memory ends with it: `node --import tsx
 * server/pwa-build-child.ts <root> <vite config> <dist dir>`. Exits 0 when
 * built; Vite's own messages say what failed otherwise.
 */
import { build } from 'vite';
import { startupBuildOptions } from './pwa-build';

const [root, configFile, distDir] = process.argv.slice(2);
if (!root || !configFile || !distDir) {
  console.error('uso: node --import tsx server/pwa-build-child.ts <pasta do projeto> <vite.config.ts> <pasta dist>');
  process.exit(2);
}
try {
  await build(startupBuildOptions(root, configFile, distDir));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
