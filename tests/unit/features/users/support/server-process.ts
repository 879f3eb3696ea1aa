/**
 * The real API server for the users screens' tests, in its own Node
 * process (jsdom cannot host PGlite and Fastify): the test app of the
 * server tests (PGlite in memory, seeded, loopback) plus two customers to
 * link. Prints one JSON line with its URL, and stops when its standard
 * input closes (the test ends or dies).
 */
import { insertCustomer } from '@server/db/demo/records';
import { startTestApp } from '../../../../server/helpers/test-app';

const t = await startTestApp();
await insertCustomer(t.db, { name: 'Metalúrgica Horizonte Ltda' });
await insertCustomer(t.db, { name: 'Padaria Central' });
process.stdout.write(`${JSON.stringify({ baseUrl: t.baseUrl })}\n`);
process.stdin.resume();
process.stdin.on('end', () => void t.close().then(() => process.exit(0)));
