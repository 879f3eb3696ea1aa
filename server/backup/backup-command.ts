/**
 * `npm run backup [FILE]`: one archive with the database and the stored
 * files (take-backup.ts), by default `higiene-backup-<date>-<time>.tar.gz`
 * in the current folder. Prints where it went and what it holds; on failure
 * one message in Portuguese and exit code 1. docs/decisions/backups.md
 */
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { BACKUP_MESSAGES, reportBackupFailure } from './messages';
import { takeBackup } from './take-backup';
import { statSync } from 'node:fs';

/** higiene-backup-2026-11-29-030000.tar.gz, in this machine's time (what cron's schedule says). */
function defaultName(now = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  return `higiene-backup-${date}-${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}.tar.gz`;
}

async function main() {
  const config = loadConfig();
  // npm runs scripts in the project's folder; a FILE is the operator's, relative to where they typed the command.
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2] ?? defaultName());
  const report = await takeBackup(config, file);
  if (report.server) console.log(BACKUP_MESSAGES.fromServer(report.server));
  const { manifest } = report;
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(BACKUP_MESSAGES.written(file, rows, manifest.tables.length, manifest.files.count, statSync(file).size));
  if (manifest.files.missing.length > 0) console.log(BACKUP_MESSAGES.missingFiles(manifest.files.missing.length));
  if (report.changed.length > 0) console.log(BACKUP_MESSAGES.changedFiles(report.changed.length));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else reportBackupFailure(BACKUP_MESSAGES.failed, error);
  process.exit(1);
});
