/**
 * Store upgrades proven (issue 25): a tablet's store as an earlier build
 * left it (a fixture dumped from that build's own engine,
 * scripts/make-store-fixture.ts: pending creates, updates, commands,
 * photos, sends whose answer never came, and an open draft) is opened by
 * today's code (Dexie's upgrade runs) and synced with today's server.
 * Every pending change reaches the server once; the draft opens offline,
 * then over the sample as synced, and saves; the entry today's server
 * refuses (store version 9's build accepted a value discount above the
 * subtotal) is shown on the Sincronização page with the server's reason
 * and kept, with its record, through later syncs, a reload and a retry.
 * Rows the earlier build wrote read as unstamped; what today's code writes
 * carries today's contract version.
 *
 * One fixture per released store version (docs/decisions/store-upgrades.md):
 * a store version bump adds the one it leaves behind to FIXTURES.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTRACT_VERSION, UNSTAMPED_CONTRACT_VERSION } from '@sync/contract/contract-version';
import { QUOTATION_MESSAGES } from '@sync/contract/quotations';
import { SAMPLE_BLOCKS } from '@sync/contract/samples';
import { rebaseDraft } from '@sync/engine/draft-rebase';
import { retryEntry } from '@sync/engine/entry-actions';
import { saveRecord } from '@sync/engine/mutations';
import { readPendingChanges } from '@sync/engine/reports';
import { recordContractVersion, rowContractVersion } from '@sync/store/contract-stamp';
import type { SyncDatabase } from '@sync/store/database';
import { readDraft, writeDraft } from '@sync/store/drafts';
import { newKey } from '@sync/store/keys';
import { samples } from '@sync/store/registry';
import { SCHEMA_VERSIONS } from '@sync/store/schema';
import type { OutboxEntry, RecordFields, StoredRecord } from '@sync/store/types';
import { loadDatabase, type StoreDump } from './fixtures/store-dump';
import { PasswordAuth } from './support/sync-client';
import type { SyncServer } from './support/sync-server';
import { useSyncServer } from './support/test-bed';

interface StoreFixture {
  made_by: { commit: string; store_version: number };
  office: Array<{ method: 'POST' | 'PUT'; path: string; body: RecordFields; id: number }>;
  scenario: {
    customers: { synced: string; created: string };
    quotations: { synced: string; created: string; refused: string | null };
    samples: { filled: string; drafted: string; planned: string[] };
    draft: string;
  };
  database: StoreDump;
}

/**
 * Each fixture: the store version it was written under, its file (made by
 * scripts/make-store-fixture.ts from the last build of that version) and
 * what today's server refuses of it. The build of store version 10 already
 * refuses the value discount above the subtotal on the device, so its store
 * holds nothing today's server refuses.
 */
const FIXTURES = [
  { storeVersion: 9, file: 'store-v9.json', refusal: QUOTATION_MESSAGES.discountAboveSubtotal },
  { storeVersion: 10, file: 'store-v10.json', refusal: null },
];

const readFixture = (file: string): StoreFixture => JSON.parse(readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8')) as StoreFixture;

async function api(target: SyncServer, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${target.directUrl}/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

/** The office's records of the fixture, made again on a fresh server of today in the same order: they get the ids the device knows. */
async function replayOffice(server: SyncServer, fixture: StoreFixture, token: string): Promise<void> {
  for (const call of fixture.office) {
    const answer = await api(server, token, call.method, call.path, call.body);
    expect(answer.status, `${call.method} ${call.path}`).toBeLessThan(300);
    expect(answer.body.id, `${call.method} ${call.path}: the id the earlier build's server gave`).toBe(call.id);
  }
}

const record = async (db: SyncDatabase, resource: string, key: string) => (await db.records(resource).get(key)) as StoredRecord;

describe.each(FIXTURES)('a store written by the build of store version $storeVersion', ({ storeVersion, file, refusal }) => {
  const fixture = readFixture(file);
  // A server per fixture: the office's records must get the ids the fixture's device holds.
  const { server, device, reload } = useSyncServer();
  const list = async (token: string, path: string) => {
    const answer = await api(server, token, 'GET', path);
    expect(answer.status, path).toBe(200);
    return answer.body.list as RecordFields[];
  };

  it('is a real dump of that build, with pending creates, updates, commands, photos, unanswered sends and a draft', () => {
    expect(fixture.made_by.store_version).toBe(storeVersion);
    expect(fixture.database.version).toBe(storeVersion * 10);
    const rows = (name: string) => fixture.database.stores.find((store) => store.name === name)!.rows as OutboxEntry[];
    const outbox = rows('outbox');
    expect(new Set(outbox.map((entry) => entry.op))).toEqual(new Set(['create', 'update', 'command']));
    expect(outbox.some((entry) => entry.resource === 'sample_files')).toBe(true);
    expect(outbox.some((entry) => entry.attempts > 0 && entry.sent)).toBe(true);
    expect(rows('files')).toHaveLength(2);
    expect(rows('drafts').map((row) => row.key)).toEqual([fixture.scenario.draft]);
    expect(outbox.every((entry) => entry.contract_version === undefined)).toBe(true);
    expect(fixture.scenario.quotations.refused !== null).toBe(refusal !== null);
  });

  it('opened with today’s code: every change delivered once, the draft opens and saves, a refused entry shown with its reason and kept', async () => {
    const admin = new PasswordAuth(() => server.url);
    await admin.signIn();
    const token = (await admin.getAccessToken())!;
    await replayOffice(server, fixture, token);

    const dbName = `upgrade-v${storeVersion}-${newKey()}`;
    await loadDatabase(indexedDB, fixture.database, dbName);
    const tablet = await device({ dbName, auth: admin }, { drained: false });
    const { db } = tablet;
    const { customers, quotations, samples: sampleKeys, draft: draftId } = fixture.scenario;

    // Today's schema, every entry kept by the upgrade, each read as written before versions were stamped.
    expect(db.verno).toBe(SCHEMA_VERSIONS.at(-1)!.version);
    const before = await db.outbox.orderBy('seq').toArray();
    expect(before).toHaveLength(fixture.database.stores.find((store) => store.name === 'outbox')!.rows.length);
    expect(before.map(rowContractVersion)).toEqual(before.map(() => UNSTAMPED_CONTRACT_VERSION));
    expect(recordContractVersion(await record(db, 'samples', sampleKeys.filled))).toBe(UNSTAMPED_CONTRACT_VERSION);

    // The draft opens offline, before any sync, as the sample page reads it.
    const opened = await readDraft(db, draftId);
    expect(opened).toMatchObject({ tab: 'memory_field', fields: { caracterization: { employee: 'Maria Souza', register: '4711' } } });
    expect(rowContractVersion(opened!)).toBe(UNSTAMPED_CONTRACT_VERSION);

    await tablet.engine.drain();

    // A send the earlier build made and never heard back from is replayed under its idempotency key.
    const keysSent = new Set(server.proxy.log.map((request) => request.idempotencyKey));
    for (const entry of before.filter((item) => item.sent))
      expect(keysSent.has(entry.sent!.key), `entry ${entry.seq} replayed under its key`).toBe(true);

    // Nothing left but the refused entry.
    const left = await db.outbox.toArray();
    const refused = quotations.refused ? [['quotations', quotations.refused, 'create', 'failed']] : [];
    expect(left.map((entry) => [entry.resource, entry.key, entry.op, entry.status])).toEqual(refused);

    // The server has each change once.
    const synced = await record(db, 'customers', customers.synced);
    const created = await record(db, 'customers', customers.created);
    expect(synced.id).toBe(fixture.office[0]!.id);
    expect((await api(server, token, 'GET', `api/customer/${synced.id}`)).body).toMatchObject({ phone: '1144556677' });
    const newOnes = (await list(token, 'api/customer/all/0/100')).filter((customer) => customer.name === 'Usina Nova do Campo');
    expect(newOnes).toHaveLength(1);
    expect(newOnes[0]).toMatchObject({ id: created.id, phone: '1130305050' });

    const allQuotations = await list(token, 'api/quotation/all/0/100');
    const ofSynced = allQuotations.filter((quotation) => quotation.customer_id === synced.id);
    // The approved quotation and its one duplicate; the refused one is not there.
    expect(ofSynced).toHaveLength(2);
    expect(ofSynced.map((quotation) => quotation.discount ?? 0)).not.toContain(250);
    const ofCreated = allQuotations.filter((quotation) => quotation.customer_id === created.id);
    expect(ofCreated).toHaveLength(1);
    expect(ofCreated[0]).toMatchObject({ id: (await record(db, 'quotations', quotations.created)).id, status: 'approved' });

    const quotationId = (await record(db, 'quotations', quotations.synced)).id;
    const onServer = await list(token, `api/sample/all/0/100?quotation_id=${quotationId}`);
    expect(onServer.map((sample) => sample.id).sort()).toEqual(
      (await Promise.all(sampleKeys.planned.map(async (key) => (await record(db, 'samples', key)).id))).sort(),
    );
    const filledId = (await record(db, 'samples', sampleKeys.filled)).id;
    const filled = onServer.find((sample) => sample.id === filledId)!;
    expect(filled).toMatchObject({ caracterization: { employee: 'João Pereira da Silva', ghe: 'GHE 1' }, memory_field: { observation: 'Turno A' } });
    const files = filled.files as Array<{ name: string; sha256: string }>;
    expect(files.map((photo) => photo.name).sort()).toEqual(['foto-1.jpg', 'foto-2.jpg']);
    expect(new Set(files.map((photo) => photo.sha256)).size).toBe(2);
    expect((await db.files.toArray()).map((photo) => photo.status)).toEqual(['uploaded', 'uploaded']);

    // Records today's code wrote carry its contract version.
    expect(recordContractVersion(await record(db, 'samples', sampleKeys.filled))).toBe(CONTRACT_VERSION);

    // The refused entry: on the Sincronização page with the server's reason; its record still on the device.
    const shown = await readPendingChanges(db);
    expect(shown.map((change) => [change.key, change.opLabel, change.statusLabel, change.error?.message])).toEqual(
      refusal ? [[quotations.refused, 'Inclusão', 'Falhou', refusal]] : [],
    );
    if (refusal) {
      expect(shown[0]!.error?.fields?.discount).toEqual([refusal]);
      expect(await record(db, 'quotations', quotations.refused!)).toMatchObject({ discount: 250, discount_type: 'value', id: null });
    }

    // The draft opens over the sample as synced, as the sample page opens it, and Salvar sends it.
    const drafted = await record(db, 'samples', sampleKeys.drafted);
    const row = (await readDraft(db, draftId))!;
    const stored = Object.fromEntries(SAMPLE_BLOCKS.map((block) => [block, drafted[block] ?? {}]));
    const typed = { ...stored, ...row.fields };
    const rebased = rebaseDraft(samples, { type_id: drafted.type_id }, SAMPLE_BLOCKS, { ...stored, ...row.base }, typed, stored);
    expect(rebased.fields.caracterization).toMatchObject({ employee: 'Maria Souza', register: '4711' });
    await writeDraft(db, { ...row, fields: rebased.fields });
    expect(rowContractVersion((await readDraft(db, draftId))!)).toBe(CONTRACT_VERSION);
    await saveRecord(db, 'samples', sampleKeys.drafted, rebased.fields);
    const [queued] = await db.outbox.where('key').equals(sampleKeys.drafted).toArray();
    expect(rowContractVersion(queued!)).toBe(CONTRACT_VERSION);
    await tablet.engine.drain();
    expect((await api(server, token, 'GET', `api/sample/${drafted.id}`)).body).toMatchObject({
      caracterization: { employee: 'Maria Souza', register: '4711' },
    });

    // Kept, never dropped: through another sync, a reload and a retry (the server refuses it again).
    const reloaded = await reload(tablet);
    await reloaded.engine.drain();
    for (const entry of await reloaded.db.outbox.toArray()) await retryEntry(reloaded.db, entry.seq!);
    await reloaded.engine.drain();
    const after = await reloaded.db.outbox.toArray();
    expect(after.map((entry) => [entry.key, entry.status, rowContractVersion(entry)])).toEqual(
      quotations.refused ? [[quotations.refused, 'failed', UNSTAMPED_CONTRACT_VERSION]] : [],
    );
    if (quotations.refused) {
      expect(after[0]!.payload).toMatchObject({ discount: 250, discount_type: 'value' });
      expect(await record(reloaded.db, 'quotations', quotations.refused)).toMatchObject({ discount: 250 });
    }
    expect((await list(token, 'api/quotation/all/0/100')).filter((quotation) => quotation.customer_id === synced.id)).toHaveLength(2);
  });
});
