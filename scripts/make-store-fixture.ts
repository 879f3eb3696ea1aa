/**
 * Makes a store-upgrade fixture (docs/decisions/store-upgrades.md): a
 * device's IndexedDB as an EARLIER BUILD leaves it, for
 * tests/sync/store-upgrade.test.ts to open with today's code. Run inside a
 * work tree of that build, so every module it loads (the sync engine, the
 * store, the server and its test support) is that build's own:
 *
 *   git worktree add --detach /tmp/old <commit>
 *   ln -s "$PWD/node_modules" /tmp/old/node_modules
 *   (cd /tmp/old && node --import tsx "$OLDPWD/scripts/make-store-fixture.ts" "$OLDPWD/tests/sync/fixtures/store-v<N>.json")
 *   git worktree remove --force /tmp/old
 *
 * What it does, on fake-indexeddb against that build's real server
 * (loopback, PGlite in memory): the office creates a customer and an
 * approved quotation through the documented API (recorded, so the test
 * makes the same records on today's server); a tablet signs in and syncs;
 * then, with no connection, it makes the sampling plan (3 sample creates),
 * fills one sample and attaches 2 photos, changes the customer, creates a
 * second customer with a quotation and approves it, duplicates the first
 * quotation, and creates a quotation today's server refuses (a value
 * discount above the subtotal, which builds up to store version 9 accept on
 * the device; later ones refuse it at once, and the fixture has none); one sync
 * attempt is lost on the way (so some entries were sent once, answer
 * unknown, and later saves queue updates after them); last, a sample is
 * left open with typed, unsaved changes (a draft). The database is then
 * dumped whole (tests/sync/fixtures/store-dump.ts), with the roles of its
 * records (`scenario`) and the office's calls (`office`).
 *
 * It needs, in that build: tests/sync/support/{sync-server,sync-client}.ts,
 * sync/engine/{mutations,commands}.ts, sync/store/drafts.ts and
 * src/entities/sample/plan.ts (store version 6 and later).
 */
import 'fake-indexeddb/auto';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { dumpDatabase } from '../tests/sync/fixtures/store-dump';

type Row = Record<string, unknown> & { key: string; id: number | null };

/** The parts of the earlier build this script calls (their shapes have not changed since store version 6). */
interface OldTable {
  get(key: string): Promise<Row | undefined>;
  toArray(): Promise<Row[]>;
}
interface OldDatabase {
  name: string;
  verno: number;
  records(resource: string): OldTable;
  close(): void;
  delete(): Promise<void>;
}
interface OldEngine {
  drain(options?: { timeoutMs?: number }): Promise<unknown>;
  syncNow(): Promise<unknown>;
  stop(): Promise<void>;
  settled(): Promise<void>;
}
interface OldClient {
  db: OldDatabase;
  engine: OldEngine;
  auth: { getAccessToken(): Promise<string | null> };
}
interface OldServer {
  url: string;
  directUrl: string;
  proxy: { inject(rule: { fault: { kind: 'drop' }; times?: number }): void; clearFaults(): void };
  close(): Promise<void>;
}
type FileSave = { resource: string; key: null; fields: Record<string, unknown>; file: { blob: Blob; fileName: string; type: string } };
interface OldModules {
  startSyncServer(): Promise<OldServer>;
  openClient(server: OldServer, options: { dbName: string }): Promise<OldClient>;
  saveRecord(db: OldDatabase, resource: string, key: string | null, fields: Record<string, unknown>): Promise<string>;
  saveRecords(db: OldDatabase, saves: readonly unknown[]): Promise<string[]>;
  runCommand(db: OldDatabase, resource: string, key: string, name: string, body?: Record<string, unknown>): Promise<number>;
  writeDraft(db: OldDatabase, row: Record<string, unknown>): Promise<void>;
  draftKey(resource: string, key: string): string;
  planSaves(quotation: Row): unknown[];
}

/** One call of the office through the documented API, as the test makes it again on today's server. */
interface OfficeCall {
  method: 'POST' | 'PUT';
  path: string;
  body: Record<string, unknown>;
  /** The id the earlier build's server answered (the test's server must answer the same). */
  id: number;
}

const root = process.cwd();
const output = process.argv[2] ?? '';
if (!output) throw new Error('usage: (cd <work tree of the earlier build> && node --import tsx make-store-fixture.ts <fixture.json>)');

async function load(): Promise<OldModules> {
  const from = (path: string) => import(pathToFileURL(join(root, path)).href) as Promise<Record<string, unknown>>;
  const [server, client, mutations, commands, drafts, plan] = await Promise.all([
    from('tests/sync/support/sync-server.ts'),
    from('tests/sync/support/sync-client.ts'),
    from('sync/engine/mutations.ts'),
    from('sync/engine/commands.ts'),
    from('sync/store/drafts.ts'),
    from('src/entities/sample/plan.ts'),
  ]);
  return { ...server, ...client, ...mutations, ...commands, ...drafts, ...plan } as unknown as OldModules;
}

/** A line id as the device makes them (sync/contract/row-id.ts): the test's server gets the same lines. */
const rowId = () => Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(12))).toString('hex');

/** Small real JPEGs, one colour each: the server keeps only images it decodes. */
async function photo(index: number, sampleKey: string): Promise<FileSave> {
  const jpeg = await sharp({ create: { width: 16, height: 12, channels: 3, background: { r: 70 * index, g: 120, b: 200 - 50 * index } } })
    .jpeg({ quality: 60 })
    .toBuffer();
  const name = `foto-${index}.jpg`;
  return {
    resource: 'sample_files',
    key: null,
    fields: { name, sample_key: sampleKey },
    file: { blob: new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), fileName: name, type: 'image/jpeg' },
  };
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
}

async function main(): Promise<void> {
  const old = await load();
  const server = await old.startSyncServer();
  const office: OfficeCall[] = [];
  const dbName = 'higiene-sync';
  let client: OldClient | null = null;
  try {
    client = await old.openClient(server, { dbName });
    const { db, engine } = client;
    const token = await client.auth.getAccessToken();
    async function call(method: OfficeCall['method'], path: string, body: Record<string, unknown>): Promise<number> {
      const response = await fetch(`${server.directUrl}/${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { id?: number };
      if (!response.ok || typeof answer.id !== 'number') throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
      office.push({ method, path, body, id: answer.id });
      return answer.id;
    }

    // The office, online: a customer and an approved quotation (2 noise units, 1 heat).
    const customerId = await call('POST', 'api/customer', {
      name: 'Metalúrgica Antiga Ltda',
      type: 'corporate',
      email: 'contato@antiga.com.br',
      phone: '1133224455',
    });
    const quotationId = await call('POST', 'api/quotation', {
      customer_id: customerId,
      rows: [
        { row_id: rowId(), name: 'Ruído contínuo', product_type_id: 3, sector: 'Estamparia', quantity: 2, value: 100 },
        { row_id: rowId(), name: 'Calor', product_type_id: 4, sector: 'Fundição', quantity: 1, value: 50 },
      ],
      total: 250,
    });
    await call('PUT', `api/quotation/${quotationId}/status`, { status: 'approved' });

    // The tablet syncs once, then works with no signal.
    await engine.drain({ timeoutMs: 60_000 });
    const byId = async (resource: string, id: number) => (await db.records(resource).toArray()).find((row) => row.id === id)!;
    const customer = await byId('customers', customerId);
    const quotation = await byId('quotations', quotationId);

    const samples = await old.saveRecords(db, old.planSaves(quotation));
    const [filled, drafted] = samples as [string, string, string];
    const blocksOf = async (key: string) => {
      const sample = (await db.records('samples').get(key))!;
      return {
        caracterization: (sample.caracterization ?? {}) as Record<string, unknown>,
        memory_field: (sample.memory_field ?? {}) as Record<string, unknown>,
        result: sample.result ?? {},
        risk_classification: sample.risk_classification ?? {},
        validation: sample.validation ?? {},
      };
    };
    const filledBlocks = await blocksOf(filled);
    await old.saveRecord(db, 'samples', filled, {
      caracterization: { ...filledBlocks.caracterization, employee: 'João Pereira', ghe: 'GHE 1' },
      memory_field: { ...filledBlocks.memory_field, observation: 'Turno A' },
    });
    await old.saveRecords(db, [await photo(1, filled), await photo(2, filled)]);
    await old.saveRecord(db, 'customers', customer.key, { phone: '1144556677' });
    const newCustomer = await old.saveRecord(db, 'customers', null, {
      name: 'Usina Nova do Campo',
      type: 'corporate',
      email: 'campo@usina.com.br',
      phone: '1130304040',
    });
    const newQuotation = await old.saveRecord(db, 'quotations', null, {
      customer_key: newCustomer,
      rows: [{ name: 'Ruído contínuo', product_type_id: 3, quantity: 1, value: 80 }],
      total: 80,
    });
    await old.runCommand(db, 'quotations', newQuotation, 'status', { status: 'approved' });
    await old.runCommand(db, 'quotations', quotation.key, 'duplicate');
    // Builds from the one that validates the discount against the subtotal (on the device too) refuse it here: none then.
    const refused = await old
      .saveRecord(db, 'quotations', null, {
        customer_key: customer.key,
        rows: [{ name: 'Calor', product_type_id: 4, quantity: 1, value: 100 }],
        discount: 250,
        discount_type: 'value',
        total: 0,
      })
      .catch((error: unknown) => {
        if ((error as { code?: unknown }).code !== 'validation') throw error;
        console.log(`this build refuses the value discount above the subtotal on the device: no refused entry (${String(error)})`);
        return null;
      });

    // A sync attempt whose requests never arrive: what was sent waits, answer unknown, for a replay.
    server.proxy.inject({ fault: { kind: 'drop' }, times: 10_000 });
    await engine.syncNow();
    server.proxy.clearFaults();
    await engine.stop();
    await engine.settled();

    // Saved after that attempt: updates queued after the creates that may have reached the server.
    await old.saveRecord(db, 'samples', filled, {
      caracterization: { ...filledBlocks.caracterization, employee: 'João Pereira da Silva', ghe: 'GHE 1' },
      memory_field: { ...filledBlocks.memory_field, observation: 'Turno A' },
    });
    await old.saveRecord(db, 'customers', newCustomer, { phone: '1130305050' });

    // A sample left open with typed, unsaved changes, on its second tab.
    const draftedBlocks = await blocksOf(drafted);
    const draft = old.draftKey('samples', drafted);
    await old.writeDraft(db, {
      key: draft,
      fields: { ...draftedBlocks, caracterization: { ...draftedBlocks.caracterization, employee: 'Maria Souza', register: '4711' } },
      base: draftedBlocks,
      tab: 'memory_field',
      updated_at: new Date().toISOString(),
    });

    const storeVersion = db.verno;
    db.close();
    const dump = await dumpDatabase(indexedDB, dbName);
    const fixture = {
      made_by: {
        commit: git('rev-parse', 'HEAD'),
        subject: git('log', '-1', '--format=%s'),
        date: git('log', '-1', '--format=%cI'),
        script: 'scripts/make-store-fixture.ts',
        store_version: storeVersion,
      },
      office,
      scenario: {
        customers: { synced: customer.key, created: newCustomer },
        quotations: { synced: quotation.key, created: newQuotation, refused },
        samples: { filled, drafted, planned: samples },
        draft,
      },
      database: dump,
    };
    writeFileSync(output, `${JSON.stringify(fixture, null, 1)}\n`);
    console.log(`store version ${storeVersion} of ${fixture.made_by.commit.slice(0, 7)} written to ${output}`);
  } finally {
    if (client) {
      await client.engine.stop();
      client.db.close();
      await client.db.delete();
    }
    await server.close();
  }
}

await main();
