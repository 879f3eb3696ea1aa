/**
 * Finalizar waits for the sample's photos (issue 28): the server takes no
 * photo of a finalized sample, so a photo taken offline before Finalizar
 * must reach it first, even when its upload fails once and is retried.
 * A fake server records the order of the calls.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCommand } from '@sync/engine/commands';
import { saveRecords } from '@sync/engine/mutations';
import { SyncDatabase } from '@sync/store/database';
import { newKey } from '@sync/store/keys';
import { AT } from '../unit/features/server-records';
import { fakeServer, pulledSample, SAMPLE_ID, testEngine, wireSample } from '../unit/samples/fixtures';

let db: SyncDatabase;
beforeEach(() => {
  db = new SyncDatabase(`finalize-after-photos-${newKey()}`);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const UPLOAD = `api/sample/${SAMPLE_ID}/file`;
const FINALIZE = `api/sample/${SAMPLE_ID}/finalize`;

const uploaded = (id: number) => ({
  id,
  sample_id: SAMPLE_ID,
  file_id: 100 + id,
  name: `foto-${id}.jpg`,
  file_name: `foto-${id}.jpg`,
  url: `api/file/${100 + id}`,
  type: 'image/jpeg',
  size: 3,
  sha256: 'a'.repeat(64),
  created_at: AT,
  updated_at: AT,
});

async function photoThenFinalize(): Promise<string> {
  const key = await pulledSample(db, { status: 'rascunho' });
  await saveRecords(db, [
    {
      resource: 'sample_files',
      key: null,
      fields: { name: 'foto-1.jpg', sample_key: key },
      file: { blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), fileName: 'foto-1.jpg', type: 'image/jpeg' },
    },
  ]);
  await runCommand(db, 'samples', key, 'finalize', {});
  return key;
}

describe('Finalizar after a photo taken offline', () => {
  it.each([
    { uploadFailsFirst: false, uploads: 1 },
    { uploadFailsFirst: true, uploads: 2 },
  ])('the photo reaches the server first (its upload failing once: $uploadFailsFirst)', async ({ uploadFailsFirst, uploads }) => {
    await photoThenFinalize();
    let failed = !uploadFailsFirst;
    const server = fakeServer((request) => {
      if (request.method === 'POST' && request.path === UPLOAD) {
        if (!failed) {
          failed = true;
          return { status: 503, body: { message: 'Serviço indisponível.' } };
        }
        return { status: 201, body: uploaded(1) };
      }
      if (request.method === 'PUT' && request.path === FINALIZE) return { status: 200, body: wireSample({ status: 'em_revisao' }) };
      return undefined;
    });
    const engine = testEngine(db, server.fetch);
    await engine.drain();
    await engine.drain();

    const calls = server.sent.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path}`);
    expect(calls).toEqual([...Array.from({ length: uploads }, () => `POST ${UPLOAD}`), `PUT ${FINALIZE}`]);
    expect(await db.outbox.count()).toBe(0);
  });
});
