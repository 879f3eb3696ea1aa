/**
 * `npm start`: builds the PWA if needed, opens and migrates the database
 * (PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL), seeds it on first
 * start, and serves the API and the app on one port. The administrator's
 * credentials are printed once, when the administrator is created.
 */
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, pgliteDirectory } from './db/client';
import { runMigrations } from './db/migrate';
import { seedDatabase, type SeedResult } from './db/seed';
import { createMailer } from './mail/mailer';
import { ensurePwaBuilt } from './pwa-build';

const say = (message: string) => console.log(`[servidor] ${message}`);

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

async function main() {
  const config = loadConfig();

  await ensurePwaBuilt(config, { info: say, warn: (m) => say(`aviso: ${m}`) });

  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: pgliteDirectory(config.dataDir) });
  say(config.databaseUrl ? 'Banco de dados: PostgreSQL (DATABASE_URL)' : `Banco de dados: PGlite em ${pgliteDirectory(config.dataDir)}`);
  await runMigrations(database);
  const seed = await seedDatabase(database.db, {
    adminUsername: config.adminUsername,
    adminPassword: config.adminPassword,
    adminEmail: config.adminEmail,
  });
  if (seed.seeded) say('Dados iniciais criados.');

  // The mailer exists before the app; its log lines go to the app's logger once there is one.
  let appLog: FastifyBaseLogger | undefined;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: { info: (obj, message) => (appLog ? appLog.info(obj, message) : say(`${message} ${JSON.stringify(obj)}`)) },
  });
  if (!config.smtpUrl) say(`E-mail: sem SMTP_URL, as mensagens serão gravadas em ${config.dataDir}/mail`);

  const app = await buildApp({ db: database.db, config, mailer });
  appLog = app.log;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`${signal}: encerrando...`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  say(`Servidor no ar: ${listenUrl(config, port)}`);
  if (seed.admin) printAdministrator(seed.admin);
  if (seed.admin && !config.adminEmail) {
    say('Dica: informe o e-mail real do administrador no perfil (ou ADMIN_EMAIL na primeira partida) para poder recuperar a senha.');
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('[servidor] falha ao iniciar:', error);
  process.exit(1);
});
