/**
 * package.json's `"sideEffects"` tells the bundler which of our modules must
 * be kept even when nothing they export is used (docs/decisions/
 * first-load.md). A module imported only for its side effects
 * (`import './x';`) that the list misses is silently dropped from the
 * build, so every such import in src/ and sync/ must be covered by it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const SIDE_EFFECT_IMPORT = /^import\s+['"]([^'"]+)['"];?\s*$/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `**` any folders, `*` any name part; paths relative to the root, without './'. */
function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/^\.\//, '')
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*\//g, '\u0000')
    .replace(/\*/g, '[^/]*')
    .replace(/\u0000/g, '(?:.*/)?');
  return new RegExp(`^${body}$`);
}

function resolveLocal(fromFile: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = resolve(dirname(fromFile), specifier);
  else if (specifier.startsWith('@/')) base = join(ROOT, 'src', specifier.slice(2));
  else if (specifier.startsWith('@sync/')) base = join(ROOT, 'sync', specifier.slice(6));
  else return null; // a package's own "sideEffects" governs its files
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  const found = candidates.find((candidate) => {
    try {
      return statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
  return relative(ROOT, found ?? base)
    .split('\\')
    .join('/');
}

describe('side-effect imports', () => {
  const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { sideEffects?: string[] };
  const patterns = (packageJson.sideEffects ?? []).map(globToRegExp);

  it('package.json lists the side-effect files (CSS and the style modules at least)', () => {
    expect(Array.isArray(packageJson.sideEffects)).toBe(true);
    expect(patterns.some((pattern) => pattern.test('src/app/styles/base-styles.ts'))).toBe(true);
    expect(patterns.some((pattern) => pattern.test('node_modules/@mantine/core/styles/Button.css'))).toBe(true);
  });

  it('every module of ours imported for its side effects is listed', () => {
    const missing: string[] = [];
    for (const file of [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'sync'))]) {
      for (const match of readFileSync(file, 'utf8').matchAll(SIDE_EFFECT_IMPORT)) {
        const target = resolveLocal(file, match[1]!);
        if (target && !patterns.some((pattern) => pattern.test(target))) missing.push(`${relative(ROOT, file)} → ${target}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
