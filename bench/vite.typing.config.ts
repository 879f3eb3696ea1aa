/**
 * Build of the sample-typing bench page (bench/typing): the noise Resultado
 * tab from the app's sources (production build, React plugin, Mantine's
 * styles) without the app around it. bench/sample-typing.ts builds it into
 * a temporary folder and serves it on loopback.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { viteAliases } from '../path-aliases.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: viteAliases },
  root: fileURLToPath(new URL('./typing', import.meta.url)),
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../node_modules/.bench-typing-page', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
});
