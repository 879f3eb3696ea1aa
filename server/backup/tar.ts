/**
 * The little of the tar format (POSIX ustar) a backup needs, streaming both
 * ways so no archive ever sits in memory: `tarStream` turns entries of known
 * size into the archive's bytes, `readTar` turns bytes back into entries.
 * Regular files only, names up to 100 characters, each entry under 8 GiB;
 * on reading, folders and pax headers (an archive unpacked and packed again
 * with GNU tar) are passed over. Node has no tar of its own, and this is
 * smaller than a dependency.
 */

const BLOCK = 512;
/** 11 octal digits. */
const MAX_SIZE = 8 ** 11 - 1;

export type TarSource = {
  name: string;
  size: number;
  /** The entry's bytes, exactly `size` of them. */
  body: AsyncIterable<Buffer> | Buffer;
};

export class TarFormatError extends Error {
  override name = 'TarFormatError';
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mtime: number): Buffer {
  if (Buffer.byteLength(name) > 100) throw new TarFormatError(`entry name too long: ${name}`);
  if (size > MAX_SIZE) throw new TarFormatError(`entry too large: ${name}`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(0o600, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(mtime, 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The archive's bytes: each entry's header, body and padding, then the two empty blocks that end it. */
export async function* tarStream(entries: AsyncIterable<TarSource> | Iterable<TarSource>, mtime = Date.now()): AsyncGenerator<Buffer> {
  const seconds = Math.floor(mtime / 1000);
  for await (const entry of entries) {
    yield header(entry.name, entry.size, seconds);
    let written = 0;
    for await (const chunk of Buffer.isBuffer(entry.body) ? [entry.body] : entry.body) {
      written += chunk.length;
      if (written > entry.size) throw new TarFormatError(`entry ${entry.name} grew while it was archived`);
      yield chunk;
    }
    if (written !== entry.size) throw new TarFormatError(`entry ${entry.name} shrank while it was archived`);
    yield padding(entry.size);
  }
  yield Buffer.alloc(BLOCK * 2);
}

export type TarEntry = {
  name: string;
  size: number;
  /** The entry's bytes; what is not read is skipped when the next entry is asked for. */
  body(): AsyncGenerator<Buffer>;
};

/** Exactly n bytes at a time from a stream of chunks. */
class ByteQueue {
  private chunks: Buffer[] = [];
  private length = 0;
  private done = false;
  private readonly source: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.source = source[Symbol.asyncIterator]();
  }

  private async fill(n: number): Promise<boolean> {
    while (this.length < n && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else {
        this.chunks.push(next.value);
        this.length += next.value.length;
      }
    }
    return this.length >= n;
  }

  /** Up to `max` bytes (at least one), or undefined at the end. */
  async some(max: number): Promise<Buffer | undefined> {
    if (!(await this.fill(1))) return undefined;
    const first = this.chunks[0]!;
    const taken = first.length <= max ? first : first.subarray(0, max);
    if (taken === first) this.chunks.shift();
    else this.chunks[0] = first.subarray(max);
    this.length -= taken.length;
    return taken;
  }

  /** Exactly n bytes, or undefined when the stream ends first. */
  async exactly(n: number): Promise<Buffer | undefined> {
    if (!(await this.fill(n))) return undefined;
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const taken = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    return taken;
  }
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function parseHeader(block: Buffer): { name: string; size: number; type: string } {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  const recorded = Number.parseInt(field(block, 148, 8).trim(), 8);
  if (recorded !== sum) throw new TarFormatError('tar header checksum mismatch');
  const size = Number.parseInt(field(block, 124, 12).trim() || '0', 8);
  if (!Number.isSafeInteger(size) || size < 0) throw new TarFormatError('tar entry size unreadable');
  const prefix = field(block, 345, 155);
  const name = field(block, 0, 100);
  return { name: (prefix ? `${prefix}/${name}` : name).replace(/^(\.\/)+/, ''), size, type: field(block, 156, 1) || '0' };
}

/** The regular files of a tar archive, in order. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const bytes = new ByteQueue(source);
  for (;;) {
    const block = await bytes.exactly(BLOCK);
    if (!block) throw new TarFormatError('archive ends without its end blocks');
    if (block.every((byte) => byte === 0)) return;
    const { name, size, type } = parseHeader(block);
    let left = size;
    const body = async function* () {
      while (left > 0) {
        const chunk = await bytes.some(Math.min(left, 64 * 1024));
        if (!chunk) throw new TarFormatError(`archive ends inside ${name}`);
        left -= chunk.length;
        yield chunk;
      }
    };
    if (type === '0' || type === '7') yield { name, size, body };
    else if (!['5', 'x', 'g'].includes(type)) throw new TarFormatError(`unsupported tar entry type ${JSON.stringify(type)} for ${name}`);
    for await (const _ of body()) {
      // Skipping what the reader left of this entry.
    }
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad > 0 && !(await bytes.exactly(pad))) throw new TarFormatError(`archive ends inside ${name}`);
  }
}
