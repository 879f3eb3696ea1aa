/**
 * The child process of ./test-server.ts: starts the server tests' test app
 * (PGlite in memory, seeded, loopback), adds the records given as JSON in
 * its first argument (a `ServerSeed`), prints one JSON line with its URL,
 * and stops when its standard input closes (the test ends or dies).
 */
import { insertCustomer, insertUser } from '@server/db/demo/records';
import { roles } from '@server/db/schema';
import { startTestApp } from '../../server/helpers/test-app';
import type { ServerSeed } from './test-server';

const seed = JSON.parse(process.argv[2] ?? '{}') as ServerSeed;
const t = await startTestApp();
if (seed.roles?.length) await t.db.insert(roles).values(seed.roles);
for (const user of seed.users ?? []) await insertUser(t.db, user);
for (const customer of seed.customers ?? []) await insertCustomer(t.db, customer);
process.stdout.write(`${JSON.stringify({ baseUrl: t.baseUrl })}\n`);
process.stdin.resume();
process.stdin.on('end', () => void t.close().then(() => process.exit(0)));
