/**
 * The import boundary checker: parses every TypeScript file under src, sync
 * and server (oxc-parser: a native parser, so the whole tree takes well under
 * a second), resolves each import to a repository path (relative, or through
 * the path aliases) and reports the imports that break `BOUNDARIES`.
 * `npm run lint` runs it through `./cli`; the test runs it on a fixture tree.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'oxc-parser';
import { pathAliases } from '../../path-aliases';
import { BOUNDARIES, type Boundary } from './rules';

const CHECKED = ['src', 'sync', 'server'];
const SOURCE = /\.(ts|tsx|mts|cts)$/;

/** Alias prefix → folder relative to the root, e.g. `{ '@/': 'src/' }`. */
export type Aliases = Readonly<Record<string, string>>;

export const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

/** The project's path aliases (path-aliases.ts) as folders relative to the repository, so they apply to any root. */
export const ALIASES: Aliases = Object.fromEntries(
  Object.entries(pathAliases).map(([prefix, folder]) => [prefix, `${relative(REPOSITORY, folder).split(sep).join('/')}/`]),
);

export interface Violation {
  file: string;
  line: number;
  specifier: string;
  rule: string;
}

interface Import {
  specifier: string;
  /** `import type` (every binding a type): erased by the compiler. */
  typeOnly: boolean;
  offset: number;
}

function listFiles(root: string, folder: string): string[] {
  let entries;
  try {
    entries = readdirSync(join(root, folder), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listFiles(root, path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

function importsOf(file: string, source: string): Import[] {
  const { module } = parseSync(file, source);
  const imports: Import[] = module.staticImports.map((statement) => ({
    specifier: statement.moduleRequest.value,
    typeOnly: statement.entries.length > 0 && statement.entries.every((entry) => entry.isType),
    offset: statement.moduleRequest.start,
  }));
  for (const statement of module.staticExports) {
    const request = statement.entries[0]?.moduleRequest;
    if (request) imports.push({ specifier: request.value, typeOnly: statement.entries.every((entry) => entry.isType), offset: request.start });
  }
  for (const call of module.dynamicImports) {
    const literal = source.slice(call.moduleRequest.start, call.moduleRequest.end);
    const quoted = /^(['"`])([^'"`$]*)\1$/.exec(literal);
    if (quoted?.[2]) imports.push({ specifier: quoted[2], typeOnly: false, offset: call.moduleRequest.start });
  }
  return imports;
}

type Target = { kind: 'path'; path: string } | { kind: 'package'; name: string };

/** Where an import points: a repository path (no extension needed: rules go by folder), or a package. */
function targetOf(root: string, file: string, specifier: string, aliases: Aliases): Target {
  if (specifier.startsWith('.')) {
    const path = relative(root, resolve(root, dirname(file), specifier));
    return { kind: 'path', path: path.split(sep).join('/') };
  }
  for (const [prefix, folder] of Object.entries(aliases)) {
    if (specifier.startsWith(prefix)) return { kind: 'path', path: `${folder}${specifier.slice(prefix.length)}` };
  }
  const [first = '', second = ''] = specifier.replace(/^node:/, '').split('/');
  return { kind: 'package', name: first.startsWith('@') ? `${first}/${second}` : first };
}

function breaks(boundary: Boundary, own: string | undefined, target: Target, typeOnly: boolean): boolean {
  if (target.kind === 'path') return boundary.forbids(target.path, own);
  if (!boundary.packages) return false;
  return !boundary.packages.values.includes(target.name) && !(typeOnly && boundary.packages.types.includes(target.name));
}

export function checkBoundaries(root: string, aliases: Aliases): Violation[] {
  const violations: Violation[] = [];
  for (const file of CHECKED.flatMap((folder) => listFiles(root, folder))) {
    const boundaries = BOUNDARIES.flatMap((boundary) => {
      const match = boundary.from.exec(file);
      return match ? [{ boundary, own: match[1] }] : [];
    });
    if (boundaries.length === 0) continue;
    const source = readFileSync(join(root, file), 'utf8');
    for (const { specifier, typeOnly, offset } of importsOf(file, source)) {
      const target = targetOf(root, file, specifier, aliases);
      for (const { boundary, own } of boundaries) {
        if (!breaks(boundary, own, target, typeOnly)) continue;
        const line = source.slice(0, offset).split('\n').length;
        violations.push({ file, line, specifier, rule: boundary.rule });
      }
    }
  }
  return violations;
}

export function formatViolation({ file, line, specifier, rule }: Violation): string {
  return `${file}:${line}: '${specifier}' crosses a boundary: ${rule}`;
}
