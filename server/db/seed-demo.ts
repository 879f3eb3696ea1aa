/**
 * `npm run seed:demo`: adds realistic demo data (customers with addresses
 * and contacts, an office user, a field technician, a customer-type user)
 * to the configured database, after migrating and seeding it as `npm start`
 * would. Run it while the server is stopped: PGlite allows one process per
 * data folder, and its lock (data-folder-lock.ts) refuses it, changing
 * nothing, while the server holds the folder.
 */
import { loadConfig } from '../config';
import { openDatabase, pgliteDirectory } from './client';
import { reportCommandFailure } from './command-failure';
import { seedDemo } from './demo';
import { runMigrations } from './migrate';
import { seedDatabase } from './seed';

async function main() {
  const config = loadConfig();
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: pgliteDirectory(config.dataDir) });
  try {
    await runMigrations(database);
    const base = await seedDatabase(database.db, {
      adminUsername: config.adminUsername,
      adminPassword: config.adminPassword,
      adminEmail: config.adminEmail,
    });
    if (base.admin) console.log(`Administrador criado: usuário ${base.admin.username}, senha ${base.admin.password}`);
    const state = await seedDemo(database.db);
    if (!state) {
      console.log('Os dados de demonstração já existem; nada a fazer.');
      return;
    }
    console.log(`Dados de demonstração criados: ${Object.keys(state.customers).length} clientes, ${Object.keys(state.users).length} usuários.`);
    console.log(
      `Catálogo: ${['agents', 'services', 'costs', 'equipment'].map((area) => `${Object.keys(state.other[area] ?? {}).length} ${{ agents: 'agentes', services: 'serviços', costs: 'custos', equipment: 'equipamentos' }[area]}`).join(', ')}.`,
    );
    for (const login of state.logins) console.log(`  ${login.username} / ${login.password}  (${login.what})`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  reportCommandFailure('Falha ao criar os dados de demonstração:', error);
  process.exit(1);
});
