/**
 * What `npm run backup` and `npm run restore` tell the operator, in
 * Portuguese, and the error that carries such a message: a BackupError is
 * printed as it is, alone (the message is the whole story); anything else
 * goes through reportCommandFailure (server/db/command-failure.ts).
 */
import { reportCommandFailure } from '../db/command-failure';

export class BackupError extends Error {
  override name = 'BackupError';
}

const count = (n: number) => n.toLocaleString('pt-BR');

/** 12,3 MB (1024 × 1024 bytes), as the README writes sizes. */
export function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${count(Math.max(1, Math.round(bytes / 1024)))} kB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}

export const BACKUP_MESSAGES = {
  written: (file: string, rows: number, tables: number, files: number, bytes: number) =>
    `Cópia de segurança gravada em ${file} (${count(rows)} registros em ${count(tables)} tabelas, ${count(files)} arquivos; ${size(bytes)}) e conferida.`,
  fromServer: (pid: number) => `O servidor (processo ${pid}) está usando o banco embutido: a cópia foi pedida a ele.`,
  missingFiles: (n: number) =>
    `Aviso: ${count(n)} arquivos registrados no banco já não estavam no armazenamento de arquivos quando a cópia foi feita; os registros foram copiados sem eles.`,
  changedFiles: (n: number) =>
    `Aviso: ${count(n)} arquivos no armazenamento de arquivos têm conteúdo diferente do registrado no banco (SHA-256); foram copiados como estão.`,
  exists: (file: string) => `O arquivo ${file} já existe; escolha outro nome ou apague-o antes.`,
  noDatabase: (folder: string) => `Não há banco de dados em ${folder}: nada a copiar. Confira DATA_DIR.`,
  serverWithoutBackup: (pid: number, command: string) =>
    `A pasta do banco de dados está em uso pelo processo ${pid} (${command}), que não atende pedidos de cópia. Rode a cópia quando ele terminar, ou com o servidor (npm start) no ar.`,
  serverUnreachable: (pid: number) =>
    `O servidor (processo ${pid}) usa o banco embutido, mas não respondeu ao pedido de cópia. Confira se ele está no ar e tente de novo.`,
  serverFailed: (message: string) => `O servidor não conseguiu fazer a cópia: ${message}`,
  interrupted: 'A transferência da cópia foi interrompida antes do fim; nenhum arquivo foi gravado. Tente de novo.',
  busy: 'Já há uma cópia de segurança em andamento neste servidor; tente de novo quando ela terminar.',
  filesKeepChanging: 'Os arquivos mudaram durante a cópia três vezes seguidas (exclusões ao mesmo tempo); tente de novo.',
  failed: 'Falha ao fazer a cópia de segurança:',
} as const;

export const RESTORE_MESSAGES = {
  usage: 'Informe o arquivo da cópia: npm run restore ARQUIVO.tar.gz',
  notFound: (file: string) => `O arquivo ${file} não existe.`,
  notAnArchive: (file: string, why: string) => `${file} não é uma cópia de segurança deste sistema que possa ser lida (${why}).`,
  damaged: (entry: string) =>
    `A cópia está danificada: o conteúdo de ${entry} não confere com o SHA-256 registrado nela. Nada foi restaurado; use outra cópia.`,
  countMismatch: (table: string, expected: number, found: number) =>
    `A cópia está danificada: a tabela ${table} deveria ter ${count(expected)} registros e tem ${count(found)}. Nada foi restaurado.`,
  newerArchive:
    'Esta cópia foi feita por uma versão mais nova do sistema (tem migrações do banco que esta versão não conhece). Atualize o sistema antes de restaurá-la.',
  databaseNotEmpty: (folder: string) =>
    `A pasta ${folder} já tem um banco de dados. A restauração só grava num destino vazio: indique outra pasta em DATA_DIR, ou mova esta para outro lugar antes.`,
  filesNotEmpty: (folder: string) =>
    `A pasta de arquivos ${folder} não está vazia. A restauração só grava num destino vazio: indique outra pasta em DATA_DIR, ou mova esta para outro lugar antes.`,
  objectStoreNotEmpty: (label: string) =>
    `O armazenamento de arquivos ${label} (FILES_URL) não está vazio. A restauração só grava num destino vazio: indique outro bucket ou prefixo em FILES_URL, ou esvazie este antes.`,
  postgresNotEmpty:
    'O banco de dados PostgreSQL de DATABASE_URL não está vazio. A restauração só grava num banco vazio: crie um novo (createdb) e aponte DATABASE_URL para ele.',
  restored: (rows: number, tables: number, files: number, target: string) =>
    `Restauração concluída em ${target}: ${count(rows)} registros em ${count(tables)} tabelas e ${count(files)} arquivos, conferidos pelo SHA-256. Inicie o servidor (npm start) com a mesma configuração.`,
  failed: 'Falha ao restaurar a cópia de segurança:',
} as const;

/** The one message a command prints when it fails: a BackupError as it is, anything else through reportCommandFailure. */
export function reportBackupFailure(what: string, error: unknown): void {
  if (error instanceof BackupError) console.error(`${what}\n${error.message}`);
  else reportCommandFailure(what, error);
}
