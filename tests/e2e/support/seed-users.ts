/**
 * Run before the browser tests' server starts, against its empty DATA_DIR
 * (`node --import tsx tests/e2e/support/seed-users.ts`, same environment as
 * the server): migrates and seeds the database exactly as `npm start` would
 * (same administrator), then adds the users of e2e-users.ts with the demo
 * seed's insertUser, and the customer the customer-type user is linked to.
 * Only a test folder is ever touched: the global setup
 * creates it and removes it afterwards.
 */
import { loadConfig } from '@server/config';
import { openDatabase, pgliteDirectory } from '@server/db/client';
import { reportCommandFailure } from '@server/db/command-failure';
import { insertCustomer, insertUser, linkUserToCustomer } from '@server/db/demo/records';
import { runMigrations } from '@server/db/migrate';
import { seedDatabase } from '@server/db/seed';
import { E2E_CUSTOMER_USER, E2E_EXTRA_USERS, E2E_LINKED_CUSTOMER } from './e2e-users';

async function main() {
  const config = loadConfig();
  if (config.databaseUrl) throw new Error('seed-users runs only on the embedded database of a test folder');
  const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDirectory(config.dataDir) });
  try {
    await runMigrations(database);
    await seedDatabase(database.db, {
      adminUsername: config.adminUsername,
      adminPassword: config.adminPassword,
      adminEmail: config.adminEmail,
    });
    const ids = new Map<string, number>();
    for (const user of E2E_EXTRA_USERS) {
      ids.set(user.username, await insertUser(database.db, { ...user }));
    }
    const customerId = await insertCustomer(database.db, {
      ...E2E_LINKED_CUSTOMER,
      contact: { ...E2E_LINKED_CUSTOMER.contact },
      addresses: E2E_LINKED_CUSTOMER.addresses.map((address) => ({ ...address })),
    });
    await linkUserToCustomer(database.db, ids.get(E2E_CUSTOMER_USER.username)!, customerId);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  reportCommandFailure('[e2e] falha ao criar os usuários de teste:', error);
  process.exit(1);
});
