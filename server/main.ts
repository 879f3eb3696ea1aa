/**
 * `npm start`: builds the PWA if needed, opens and migrates the database
 * (PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL), seeds it on first
 * start, and serves the API and the app on one port. The administrator's
 * credentials are printed once, when the administrator is created.
 *
 * With WORKERS=n (PostgreSQL only) this first process prepares everything
 * above, then forks n server processes with Node's cluster: they share the
 * port (the primary hands connections out in turn), PostgreSQL and
 * DATA_DIR, and a process that dies is started again. What each process
 * keeps in memory is either in the database (attempt limits, idempotency
 * leases) or short-lived (the auth cache): docs/decisions/server-performance.md.
 *
 * SIGTERM or SIGINT stops it gracefully: no new connection is taken,
 * requests in flight finish (for at most SHUTDOWN_TIMEOUT_MS, then their
 * connections are cut), the database is closed (PGlite's folder lock goes
 * with it) and the process exits 0. Under WORKERS=n the primary relays the
 * signal to every process and exits 0 once they all did. With PGlite the
 * server also answers `npm run backup` on a loopback port of its own
 * (server/backup/backup-endpoint.ts). docs/operations.md
 */
import cluster from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { closeGracefully, listenQuietly } from './app-listen';
import { startBackupEndpoint } from './backup/backup-endpoint';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, pgliteDirectory } from './db/client';
import { reportCommandFailure } from './db/command-failure';
import { acquireDataFolderLock } from './db/data-folder-lock';
import { runMigrations } from './db/migrate';
import { fileStoreOf } from './files/open-file-store';
import { seedDatabase, type SeedResult } from './db/seed';
import { createMailer } from './mail/mailer';
import { ensurePwaBuilt } from './pwa-build';

const say = (message: string) => console.log(`[servidor] ${message}`);

/** After SHUTDOWN_TIMEOUT_MS, what closing the database may still take before the process leaves regardless. */
const HARD_STOP_MARGIN_MS = 5_000;

const seconds = (ms: number) => (ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 });

function printAdministrator(admin: NonNullable<SeedResult['admin']>) {
  const lines = [
    'Administrador criado (guarde esta senha; ela não será mostrada de novo):',
    `  usuário: ${admin.username}`,
    `  senha:   ${admin.password}`,
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  console.log(`\n${'='.repeat(width)}\n${lines.join('\n')}\n${'='.repeat(width)}\n`);
}

function listenUrl(config: Config, port: number) {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function openConfigured(config: Config) {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: pgliteDirectory(config.dataDir) });
}

/** Once per start, before any process serves: the PWA, the migrations, the first seed. */
async function prepare(config: Config) {
  // PGlite's folder is this process's from the first moment, so a second start stops before building anything.
  if (!config.databaseUrl) {
    const { tookOverFrom } = acquireDataFolderLock(pgliteDirectory(config.dataDir));
    if (tookOverFrom)
      say(`O processo ${tookOverFrom.pid} (${tookOverFrom.command}) terminou sem liberar a pasta do banco de dados; ela foi assumida.`);
  }
  await ensurePwaBuilt(config, { info: say, warn: (m) => say(`aviso: ${m}`) });
  const database = await openConfigured(config);
  say(config.databaseUrl ? 'Banco de dados: PostgreSQL (DATABASE_URL)' : `Banco de dados: PGlite em ${pgliteDirectory(config.dataDir)}`);
  await runMigrations(database);
  const seed = await seedDatabase(database.db, {
    adminUsername: config.adminUsername,
    adminPassword: config.adminPassword,
    adminEmail: config.adminEmail,
  });
  if (seed.seeded) say('Dados iniciais criados.');
  return { database, seed };
}

/** The primary of WORKERS=n: forks the server processes, restarts one that dies, stops them on a signal. */
function superviseWorkers(config: Config, seed: SeedResult) {
  let closing = false;
  let listening = 0;
  const fork = () => cluster.fork({ SKIP_PWA_BUILD: 'true' });
  cluster.on('listening', (_worker, address) => {
    listening += 1;
    if (listening === config.workers) {
      say(`Servidor no ar: ${listenUrl(config, address.port)} (${config.workers} processos)`);
      if (seed.admin) printAdministrator(seed.admin);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (closing) return;
    say(`processo ${worker.process.pid} terminou (${signal ?? code}); iniciando outro`);
    // A short pause, so a worker failing at start does not spin.
    setTimeout(() => {
      if (!closing) fork();
    }, 1_000);
  });
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    say(`${signal}: encerrando os ${workers.length} processos...`);
    let left = workers.length;
    let clean = true;
    if (left === 0) process.exit(0);
    // Each process has its own bound (SHUTDOWN_TIMEOUT_MS, then 5 s for the database); one still there past both is hung.
    const hung = setTimeout(
      () => {
        say('processos que não terminaram a tempo foram encerrados à força.');
        for (const worker of workers) worker.process.kill('SIGKILL');
      },
      config.shutdownTimeoutMs + HARD_STOP_MARGIN_MS + 1_000,
    );
    for (const worker of workers) {
      worker.once('exit', (code) => {
        if (code !== 0) clean = false;
        left -= 1;
        if (left > 0) return;
        clearTimeout(hung);
        say('encerrado.');
        process.exit(clean ? 0 : 1);
      });
      worker.process.kill('SIGTERM');
    }
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  for (let i = 0; i < config.workers; i += 1) fork();
}

async function main() {
  const config = loadConfig();
  if (cluster.isPrimary) {
    const { database, seed } = await prepare(config);
    if (config.workers > 1) {
      await database.close();
      superviseWorkers(config, seed);
      return;
    }
    await serve(config, database, seed);
    return;
  }
  // A worker of WORKERS=n: the primary has migrated and seeded; the port is shared through it.
  await serve(config, await openConfigured(config), { seeded: false });
}

async function serve(config: Config, database: Awaited<ReturnType<typeof openConfigured>>, seed: SeedResult) {
  const worker = !cluster.isPrimary;

  // The mailer exists before the app; its log lines go to the app's logger once there is one.
  let appLog: FastifyBaseLogger | undefined;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: { info: (obj, message) => (appLog ? appLog.info(obj, message) : say(`${message} ${JSON.stringify(obj)}`)) },
  });
  if (!config.smtpUrl && !worker) say(`E-mail: sem SMTP_URL, as mensagens serão gravadas em ${config.dataDir}/mail`);

  const app = await buildApp({ db: database.db, config, mailer });
  appLog = app.log;

  let closing = false;
  let backupEndpoint: Awaited<ReturnType<typeof startBackupEndpoint>> | undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const limit = config.shutdownTimeoutMs;
    say(`${signal}: encerrando (as requisições em andamento têm até ${seconds(limit)} s para terminar)...`);
    // Past the bound and a margin for the database, the process leaves anyway: a process manager's stop never hangs on it.
    setTimeout(() => {
      say('o encerramento passou do limite; saindo sem esperar mais.');
      process.exit(1);
    }, limit + HARD_STOP_MARGIN_MS).unref();
    try {
      const [forced] = await Promise.all([closeGracefully(app, limit), backupEndpoint?.close(limit)]);
      if (forced) say(`conexões ainda abertas após ${seconds(limit)} s (SHUTDOWN_TIMEOUT_MS) foram encerradas.`);
      await database.close();
    } catch (error) {
      reportCommandFailure('[servidor] falha ao encerrar:', error);
      process.exit(1);
    }
    if (!worker) say('encerrado.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await listenQuietly(app, { port: config.port, host: config.host });
  if (worker) return;
  if (!config.databaseUrl) {
    // Serving comes first: without the endpoint only `npm run backup` beside the running server is refused.
    const files = fileStoreOf(config.files);
    backupEndpoint = await startBackupEndpoint({ database, dataDir: config.dataDir, files, log: app.log }).catch((error: unknown) => {
      say(`aviso: a cópia de segurança com o servidor no ar não estará disponível (${error instanceof Error ? error.message : String(error)}).`);
      return undefined;
    });
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  say(`Servidor no ar: ${listenUrl(config, port)}`);
  if (seed.admin) printAdministrator(seed.admin);
  if (seed.admin && !config.adminEmail) {
    say(
      `Dica: informe o e-mail real do administrador em Perfil (${listenUrl(config, port)}/admin/perfil) ou com ADMIN_EMAIL na primeira partida, para poder recuperar a senha.`,
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else reportCommandFailure('[servidor] falha ao iniciar:', error);
  process.exit(1);
});
