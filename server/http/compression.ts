/**
 * API answers compressed by the client's Accept-Encoding (issue 26): a
 * first sync of 10,000 agents was 5.6 MB of JSON on a 400 kbit/s link, and a
 * 500-agent page is 236 kB raw against 17 kB gzip.
 *
 * - Brotli at quality 4, not the library's 11: per request, quality 11
 *   costs tens of milliseconds of CPU per 100 kB on the server for a few
 *   per cent fewer bytes; 4 is about gzip's speed and smaller than gzip.
 * - Only above 1 kB: the headers outweigh the saving below it.
 * - Only compressible types (JSON, text); photos and PDFs are compressed
 *   already. The built PWA's files carry their own brotli and gzip copies
 *   (static-app.ts), which are sent as they are.
 */
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalCompression: true,
    // Request bodies stay as sent: the body limit and the input guards read what arrives (a compressed body would be a zip bomb's way in).
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
