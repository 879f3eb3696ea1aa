/**
 * A streaming zip writer (PKWARE APPNOTE 6.3, no ZIP64) on node:zlib:
 * entries are deflated as they are read from disk, so a zip of many files
 * never sits in memory. Each entry's CRC-32 and sizes follow its data in a
 * data descriptor (flag bit 3), names are UTF-8 (flag bit 11), and the
 * central directory closes the archive.
 *
 * Limits without ZIP64: fewer than 65,535 entries and under 4 GiB in all;
 * callers check `fitsInZip` before streaming, because a limit found halfway
 * could only cut the download short.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { constants, crc32, createDeflateRaw } from 'node:zlib';

export type ZipEntry = {
  /** Path inside the zip; callers pass plain file names (no separators). */
  name: string;
  modified: Date;
  /** Opens the entry's bytes when its turn comes. */
  open(): Promise<Readable>;
  /** False for already compressed content (JPEG, PDF, zip): deflate at the fastest level. */
  compressible: boolean;
};

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const FLAGS = 0x0008 | 0x0800; // sizes after the data; UTF-8 names
const DEFLATE = 8;
const VERSION_NEEDED = 20; // 2.0: deflate
const VERSION_MADE_BY = (3 << 8) | 20; // Unix, 2.0 (external attributes carry Unix permissions)
const UNIX_FILE_MODE = 0o100644;

const MAX_ENTRIES = 0xffff - 1;
/** Total bytes a zip without ZIP64 can address, with room for headers and deflate overhead. */
const MAX_TOTAL_BYTES = 0xffffffff - 64 * 1024 * 1024;

/** Whether files of these sizes can go into one zip without ZIP64. */
export function fitsInZip(sizes: readonly number[]): boolean {
  // Deflate may grow incompressible data by ~0.03%; the margin covers it and the headers.
  const total = sizes.reduce((sum, size) => sum + size * 1.001 + 512, 0);
  return sizes.length <= MAX_ENTRIES && total <= MAX_TOTAL_BYTES;
}

/** Built once: constructing an Intl.DateTimeFormat costs far more than formatting with one. */
const BRASILIA_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** DOS date and time of an instant, in Brasília time (zip times carry no zone). */
function dosDateTime(date: Date): { time: number; date: number } {
  const parts = Object.fromEntries(BRASILIA_CLOCK.formatToParts(date).map((p) => [p.type, Number(p.value)])) as Record<string, number>;
  const year = Math.min(Math.max(parts.year ?? 1980, 1980), 2107);
  return {
    time: ((parts.hour ?? 0) << 11) | ((parts.minute ?? 0) << 5) | Math.floor((parts.second ?? 0) / 2),
    date: ((year - 1980) << 9) | ((parts.month ?? 1) << 5) | (parts.day ?? 1),
  };
}

type Written = { name: Buffer; crc: number; compressedSize: number; size: number; offset: number; time: number; date: number };

function localHeader(name: Buffer, time: number, date: number): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(VERSION_NEEDED, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  // CRC-32 and sizes stay zero here: they follow the data (flag bit 3).
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, name]);
}

function dataDescriptor(entry: Written): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  descriptor.writeUInt32LE(entry.compressedSize, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

function centralHeader(entry: Written): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(VERSION_MADE_BY, 4);
  header.writeUInt16LE(VERSION_NEEDED, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(DEFLATE, 10);
  header.writeUInt16LE(entry.time, 12);
  header.writeUInt16LE(entry.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressedSize, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  // extra length, comment length, disk number, internal attributes: 0
  header.writeUInt32LE((UNIX_FILE_MODE << 16) >>> 0, 38);
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/** Deflates one entry's bytes, yielding the compressed chunks and filling in CRC-32 and sizes. */
async function* deflated(source: Readable, level: number, stats: { crc: number; size: number; compressedSize: number }) {
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      stats.crc = crc32(chunk, stats.crc);
      stats.size += chunk.length;
      callback(null, chunk);
    },
  });
  const deflate = createDeflateRaw({ level });
  const piping = pipeline(source, meter, deflate);
  // Observed below; this keeps an early stop (client gone) from becoming an unhandled rejection.
  piping.catch(() => undefined);
  for await (const chunk of deflate as AsyncIterable<Buffer>) {
    stats.compressedSize += chunk.length;
    yield chunk;
  }
  await piping;
}

async function* zipChunks(entries: readonly ZipEntry[]): AsyncGenerator<Buffer> {
  if (entries.length > MAX_ENTRIES) throw new Error('too many zip entries');
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const { time, date } = dosDateTime(entry.modified);
    const header = localHeader(name, time, date);
    const start = offset;
    yield header;
    offset += header.length;
    const stats = { crc: 0, size: 0, compressedSize: 0 };
    const level = entry.compressible ? constants.Z_DEFAULT_COMPRESSION : constants.Z_BEST_SPEED;
    for await (const chunk of deflated(await entry.open(), level, stats)) yield chunk;
    offset += stats.compressedSize;
    const record: Written = { name, time, date, offset: start, ...stats };
    const descriptor = dataDescriptor(record);
    yield descriptor;
    offset += descriptor.length;
    if (offset > 0xffffffff) throw new Error('zip larger than 4 GiB');
    written.push(record);
  }
  const directoryStart = offset;
  let directorySize = 0;
  for (const record of written) {
    const header = centralHeader(record);
    directorySize += header.length;
    yield header;
  }
  yield endOfCentralDirectory(written.length, directorySize, directoryStart);
}

/** The zip of `entries`, as a stream. */
export function zipStream(entries: readonly ZipEntry[]): Readable {
  return Readable.from(zipChunks(entries), { objectMode: false });
}
