// @vitest-environment node
/**
 * The lint step of `npm test` refuses wrong imports: the boundary checker
 * on a small fixture tree (one allowed and one forbidden import per rule,
 * spelled relative and through the aliases), its command-line form failing
 * the way `npm run lint` does, this repository passing it, and Biome
 * refusing an import cycle under the project's configuration.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ALIASES, checkBoundaries } from '../../../scripts/boundaries/check';

const repository = fileURLToPath(new URL('../../../', import.meta.url));

let fixture: string | undefined;
afterEach(() => {
  if (fixture) rmSync(fixture, { recursive: true, force: true });
  fixture = undefined;
});

function tree(files: Record<string, string>): string {
  fixture = mkdtempSync(join(tmpdir(), 'boundaries-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), source);
  }
  return fixture;
}

/** One importing file per case: `ok` says whether the rules allow it. */
const CASES: { file: string; source: string; ok: boolean }[] = [
  { file: 'src/features/equipment/a.ts', source: "import { x } from './equipment-form';", ok: true },
  { file: 'src/features/equipment/b.ts', source: "import { x } from '../customers/customer-form';", ok: false },
  { file: 'src/features/equipment/c.ts', source: "import { x } from '@/features/customers/customer-form';", ok: false },
  { file: 'src/features/equipment/d.tsx', source: "import type { X } from '../../features/agents/agent-form';", ok: false },
  { file: 'src/features/equipment/e.ts', source: "export { x } from '@/routes/admin';", ok: false },
  {
    file: 'src/features/equipment/f.ts',
    source: "import { x } from '@/entities/customer/customer-form';\nimport { y } from '@/ui/forms';",
    ok: true,
  },
  { file: 'src/features/equipment/g.ts', source: "const page = () => import('../../app/layout/admin-layout');", ok: false },
  { file: 'src/entities/customer/a.ts', source: "import { x } from '../../ui/forms';", ok: true },
  { file: 'src/entities/customer/b.ts', source: "import { x } from '@/features/customers/customer-texts';", ok: false },
  { file: 'src/ui/forms/a.ts', source: "import { x } from '../inputs/date-text';\nimport { z } from 'zod';", ok: true },
  { file: 'src/ui/forms/b.ts', source: "import { x } from '../../features/equipment/equipment-form';", ok: false },
  { file: 'src/ui/forms/c.ts', source: "import { x } from '@/app/runtime';", ok: false },
  { file: 'src/ui/forms/d.ts', source: "import { x } from '@/entities/customer/customer-form';", ok: false },
  {
    file: 'src/features/equipment/h.ts',
    source: "import { useLocalList, type LocalEquipment } from '@sync/react';\nimport { x } from '@sync/contract/catalog';",
    ok: true,
  },
  { file: 'src/features/equipment/i.ts', source: "import type { LocalEquipment } from '@sync/store/registry/catalog-records';", ok: false },
  { file: 'src/entities/customer/c.ts', source: "import { SyncError } from '../../../sync/engine/errors';", ok: false },
  { file: 'src/ui/forms/e.ts', source: "import { isAdminUser } from '@sync/session/session-user';", ok: false },
  { file: 'src/routes/admin/a.ts', source: "import { readRecord } from '@sync/store/queries';", ok: false },
  { file: 'src/features/equipment/j.ts', source: "import { x } from '@sync/reactive';", ok: false },
  { file: 'src/domain/a.ts', source: "import { x } from './dates';", ok: true },
  { file: 'src/domain/b.ts', source: "import { z } from 'zod';", ok: false },
  { file: 'src/domain/c.ts', source: "import type { Cost } from '@sync/contract/catalog';", ok: false },
  {
    file: 'src/pdf/a.ts',
    source:
      "import type { TDocumentDefinitions } from 'pdfmake/interfaces';\nimport { x } from '@/domain/noise';\nimport type { Y } from '../../sync/contract/customers';",
    ok: true,
  },
  { file: 'src/pdf/b.ts', source: "import pdfMake from 'pdfmake';", ok: false },
  { file: 'src/pdf/c.ts', source: "import { x } from '@/ui/format';", ok: false },
  { file: 'src/pdf/d.ts', source: "import { x } from '@sync/store/database';", ok: false },
  { file: 'sync/engine/a.ts', source: "import { x } from '../../src/domain/masks';\nimport { y } from '@sync/contract/sync';", ok: true },
  { file: 'sync/engine/b.ts', source: "import { x } from '../../src/ui/forms';", ok: false },
  { file: 'sync/engine/c.ts', source: "import { x } from '@server/config';", ok: false },
  {
    file: 'server/routes/a.ts',
    source:
      "import { x } from '../../sync/contract/catalog';\nimport { y } from '@/domain/money';\nimport { z } from '@/pdf/quotation';\nimport { w } from '../sync/conflict';",
    ok: true,
  },
  { file: 'server/routes/b.ts', source: "import { x } from '../../sync/store/database';", ok: false },
  { file: 'server/routes/c.ts', source: "import { x } from '@/ui/format';", ok: false },
];

describe('import boundaries', () => {
  it('reports exactly the forbidden imports, whatever way they are spelled', () => {
    const root = tree(Object.fromEntries(CASES.map(({ file, source }) => [file, `${source}\n`])));
    const reported = new Set(checkBoundaries(root, ALIASES).map((violation) => violation.file));
    for (const { file, ok } of CASES) expect({ file, reported: reported.has(file) }).toEqual({ file, reported: !ok });
  });

  it('gives the line and the rule', () => {
    const root = tree({ 'src/ui/x.ts': "import { a } from 'react';\n\nimport { b } from '@/features/agents/agent-texts';\n" });
    expect(checkBoundaries(root, ALIASES)).toEqual([
      { file: 'src/ui/x.ts', line: 3, specifier: '@/features/agents/agent-texts', rule: 'src/ui imports no feature, entity, routes or app' },
    ]);
  });

  it('fails the lint command on a wrong import', { timeout: 30_000 }, () => {
    const root = tree({ 'src/features/equipment/page.ts': "import { CustomerTabs } from '@/features/customers/customer-tabs';\n" });
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/boundaries/cli.ts', '--root', root], { cwd: repository, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("src/features/equipment/page.ts:1: '@/features/customers/customer-tabs' crosses a boundary");
  });

  it('knows the project aliases', () => {
    expect(ALIASES).toEqual({ '@/': 'src/', '@sync/': 'sync/', '@server/': 'server/' });
  });

  it('finds no wrong import in this repository', () => {
    expect(checkBoundaries(repository, ALIASES)).toEqual([]);
  });
});

describe('import cycles', () => {
  it('are refused by Biome under the project configuration, aliases included', { timeout: 30_000 }, () => {
    const config = readFileSync(join(repository, 'biome.jsonc'), 'utf8')
      .replace(/"\$schema":[^\n]*\n/, '')
      // The fixture is no git checkout.
      .replace('"vcs": { "enabled": true', '"vcs": { "enabled": false');
    const root = tree({
      'biome.jsonc': config,
      // Biome resolves the aliases from the project's tsconfig.json, for a folder with a package.json.
      'tsconfig.json': readFileSync(join(repository, 'tsconfig.json'), 'utf8'),
      'package.json': JSON.stringify({ name: 'fixture', type: 'module' }),
      'src/ui/a.ts': "import { b } from '@/ui/b';\nexport const a = () => b;\n",
      'src/ui/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    const run = spawnSync(join(repository, 'node_modules/.bin/biome'), ['lint', '.'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr + run.stdout).toContain('lint/suspicious/noImportCycles');
  });
});
