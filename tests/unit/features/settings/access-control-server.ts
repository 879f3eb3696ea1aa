/**
 * The real server for the access-control screen tests, in its own Node
 * process: the unit tests run in jsdom, where the server's modules do not
 * load (file URLs, Node globals). Starts the test app (PGlite in memory,
 * seeded), adds the records the tests need, prints its base URL on one line
 * and stops when its stdin closes.
 */
import { insertUser } from '@server/db/demo/records';
import { roles } from '@server/db/schema';
import { startTestApp } from '../../../server/helpers/test-app';

const t = await startTestApp();
await t.db.insert(roles).values({ name: 'Sem Permissões', slug: 'sem-permissoes' });
await insertUser(t.db, {
  name: 'Técnico Um',
  username: 'tecnico1',
  email: 'tecnico1@empresa.com.br',
  password: 'senha-de-teste-1',
  roleSlug: 'tecnico-de-campo',
});
process.stdout.write(`${t.baseUrl}\n`);
process.stdin.resume();
process.stdin.on('end', () => void t.close().then(() => process.exit(0)));
