/**
 * A weak mobile link in front of a server, at the TCP level (issue 26's
 * "400 kbit/s down, 200 kbit/s up, 400 ms round trip"): every connection
 * through it shares one downlink and one uplink, each sending at its rate
 * one piece after another and delivering each piece half a round trip after
 * its last byte left. Unlike DevTools' throttling it also slows the service
 * worker's downloads and the compression the server does; it counts the
 * bytes that crossed each way.
 */
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

export interface LinkShape {
  downKbit: number;
  upKbit: number;
  roundTripMs: number;
}

export interface ShapingProxy {
  url: string;
  /** Bytes that crossed so far, each way. */
  bytes(): { down: number; up: number };
  close(): Promise<void>;
}

/** Larger writes are cut so that connections sharing the link take turns, as packets do. */
const PIECE_BYTES = 8 * 1024;
/** A connection's reading pauses while this much waits to cross (a sender's window). */
const WINDOW_BYTES = 64 * 1024;

/** One direction of the link: when it is next free, and what crossed. */
class Lane {
  private freeAt = 0;
  crossed = 0;

  constructor(
    private readonly bytesPerMs: number,
    private readonly delayMs: number,
  ) {}

  /** When a piece of `size` bytes sent now arrives at the other end. */
  arrival(size: number): number {
    const start = Math.max(performance.now(), this.freeAt);
    this.freeAt = start + size / this.bytesPerMs;
    this.crossed += size;
    return this.freeAt + this.delayMs;
  }
}

/** Carries `from`'s bytes to `to` over `lane`, in order, pausing `from` while its window is full. */
function carry(from: Socket, to: Socket, lane: Lane): void {
  const queue: Array<{ at: number; piece: Buffer | null }> = [];
  let waiting = 0;
  let timer: NodeJS.Timeout | null = null;

  const deliver = () => {
    timer = null;
    while (queue.length > 0 && queue[0]!.at <= performance.now()) {
      const { piece } = queue.shift()!;
      if (piece === null) {
        to.end();
        return;
      }
      waiting -= piece.length;
      if (!to.destroyed) to.write(piece);
    }
    if (waiting < WINDOW_BYTES && from.isPaused()) from.resume();
    if (queue.length > 0) timer = setTimeout(deliver, Math.max(0, queue[0]!.at - performance.now()));
  };
  const enqueue = (at: number, piece: Buffer | null) => {
    queue.push({ at, piece });
    if (timer === null) timer = setTimeout(deliver, Math.max(0, at - performance.now()));
  };

  from.on('data', (chunk: Buffer) => {
    for (let offset = 0; offset < chunk.length; offset += PIECE_BYTES) {
      const piece = chunk.subarray(offset, offset + PIECE_BYTES);
      waiting += piece.length;
      enqueue(lane.arrival(piece.length), piece);
    }
    if (waiting >= WINDOW_BYTES) from.pause();
  });
  from.on('end', () => enqueue(lane.arrival(0), null));
  from.on('close', () => {
    if (timer) clearTimeout(timer);
    if (!to.destroyed) to.destroy();
  });
}

export async function startShapingProxy(target: string, shape: LinkShape): Promise<ShapingProxy> {
  const { hostname, port } = new URL(target);
  const oneWay = shape.roundTripMs / 2;
  // kbit/s → bytes per millisecond.
  const down = new Lane((shape.downKbit * 1000) / 8 / 1000, oneWay);
  const up = new Lane((shape.upKbit * 1000) / 8 / 1000, oneWay);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    carry(client, upstream, up);
    carry(upstream, client, down);
    // The connection's handshake: a round trip before the first request leaves.
    client.pause();
    setTimeout(() => client.resume(), shape.roundTripMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    bytes: () => ({ down: down.crossed, up: up.crossed }),
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
