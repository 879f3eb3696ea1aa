// @vitest-environment node
/**
 * The zip built on the device for 'Baixar todos' offline
 * (src/features/customers/zip-store.ts), read back with the server tests'
 * zip reader (central directory, sizes, node:zlib's CRC-32): names in UTF-8,
 * bytes intact, repeated names numbered, an empty zip valid.
 */
import { crc32 as nodeCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildZip, crc32, uniqueEntryNames } from '@/features/customers/zip-store';
import { readZip } from '../../../server/customers/support';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('buildZip', () => {
  it('stores each file with its name and bytes', async () => {
    const random = new Uint8Array(70_000).map((_, index) => (index * 7919) % 256);
    const zip = buildZip([
      { name: 'Laudo de ruído.pdf', bytes: bytes('%PDF-1.7 laudo') },
      { name: 'medições.csv', bytes: bytes('ponto;dB(A)\n1;85,2\n') },
      { name: 'foto.jpg', bytes: random },
    ]);
    expect(zip.type).toBe('application/zip');
    const entries = readZip(Buffer.from(await zip.arrayBuffer()));
    expect(entries.map((entry) => entry.name)).toEqual(['Laudo de ruído.pdf', 'medições.csv', 'foto.jpg']);
    expect(entries.map((entry) => entry.flags & 0x0800)).toEqual([0x0800, 0x0800, 0x0800]);
    expect(entries[0]!.data.toString('utf8')).toBe('%PDF-1.7 laudo');
    expect(new Uint8Array(entries[2]!.data)).toEqual(random);
  });

  it('numbers repeated names like the server does', () => {
    expect(uniqueEntryNames(['laudo.pdf', 'Laudo.pdf', 'laudo.pdf', 'notas'])).toEqual(['laudo.pdf', 'Laudo (2).pdf', 'laudo (3).pdf', 'notas']);
  });

  it('computes the standard CRC-32', () => {
    for (const text of ['', 'a', '123456789', 'ação']) expect(crc32(bytes(text))).toBe(nodeCrc32(bytes(text)));
  });

  it('makes a valid empty zip', async () => {
    expect(readZip(Buffer.from(await buildZip([]).arrayBuffer()))).toEqual([]);
  });
});
