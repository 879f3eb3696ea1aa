/**
 * `npm run lint`'s boundary step: checks this repository (or `--root <dir>`)
 * and exits 1 listing the imports that cross a boundary of docs/engineering.md.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pathAliases } from '../../path-aliases';
import { checkBoundaries, formatViolation } from './check';

const repository = fileURLToPath(new URL('../../', import.meta.url));
const rootFlag = process.argv.indexOf('--root');
const root = rootFlag >= 0 && process.argv[rootFlag + 1] ? process.argv[rootFlag + 1]! : repository;
// The aliases point into this repository; as folders relative to it they apply to any root.
const aliases = Object.fromEntries(Object.entries(pathAliases).map(([prefix, folder]) => [prefix, `${relative(repository, folder)}/`]));

const violations = checkBoundaries(root, aliases);
for (const violation of violations) console.error(formatViolation(violation));
if (violations.length > 0) {
  console.error(`${violations.length} import(s) cross a boundary (docs/engineering.md, scripts/boundaries/rules.ts).`);
  process.exit(1);
}
console.log('Import boundaries: ok.');
