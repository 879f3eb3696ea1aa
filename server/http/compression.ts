/**
 * API answers compressed by the client's Accept-Encoding (issue 26): a
 * first sync of 10,000 agents was 5.6 MB of JSON on a 400 kbit/s link, and a
 * 500-agent page is 236 kB raw against 17 kB gzip.
 *
 * - Brotli at quality 6, not the library's 11. Measured on a pull answer
 *   of 2,000 agents (915 kB of JSON): quality 4 gives 55 kB in 3.5 ms,
 *   6 gives 44 kB in 6.2 ms, 7 gives 39 kB in 13.7 ms, 9 gives 34 kB in
 *   29 ms (gzip 6: 62 kB in 4 ms). Six is the last step before the cost
 *   doubles: a fifth fewer bytes on the weak link for 3 ms more per large
 *   answer, and no measurable cost on a list page of a few kB.
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
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } },
  });
}
