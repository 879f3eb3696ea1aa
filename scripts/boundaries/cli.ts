/**
 * `npm run lint`'s boundary step: checks this repository (or `--root <dir>`)
 * and exits 1 listing the imports that cross a boundary of docs/engineering.md.
 */
import { ALIASES, checkBoundaries, formatViolation, REPOSITORY } from './check';

const rootFlag = process.argv.indexOf('--root');
const root = rootFlag >= 0 && process.argv[rootFlag + 1] ? process.argv[rootFlag + 1]! : REPOSITORY;

const violations = checkBoundaries(root, ALIASES);
for (const violation of violations) console.error(formatViolation(violation));
if (violations.length > 0) {
  console.error(`${violations.length} import(s) cross a boundary (docs/engineering.md, scripts/boundaries/rules.ts).`);
  process.exit(1);
}
console.log('Import boundaries: ok.');
