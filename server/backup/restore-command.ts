/**
 * `npm run restore ARCHIVE`: restores a backup into the configured target
 * (DATA_DIR or DATABASE_URL, and DATA_DIR/files or FILES_URL), which must be empty
 * (restore.ts). Prints what was restored; on failure one message in
 * Portuguese and exit code 1, the target left as it was.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { pgliteDirectory } from '../db/client';
import { filesLabel } from '../files/files-config';
import { BackupError, reportBackupFailure, RESTORE_MESSAGES } from './messages';
import { restoreArchive } from './restore';

async function main() {
  const config = loadConfig();
  const given = process.argv[2];
  if (!given) throw new BackupError(RESTORE_MESSAGES.usage);
  // npm runs scripts in the project's folder; the ARCHIVE is relative to where the operator typed the command.
  const archive = resolve(process.env.INIT_CWD ?? process.cwd(), given);
  if (!existsSync(archive)) throw new BackupError(RESTORE_MESSAGES.notFound(archive));
  const summary = await restoreArchive(archive, { dataDir: config.dataDir, databaseUrl: config.databaseUrl, files: config.files });
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : pgliteDirectory(config.dataDir);
  const target = `${database} e ${filesLabel(config.files)}`;
  console.log(RESTORE_MESSAGES.restored(summary.rows, summary.tables, summary.files, target));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else reportBackupFailure(RESTORE_MESSAGES.failed, error);
  process.exit(1);
});
