/**
 * An S3-compatible server for the file store's tests (issue 25): s3rver
 * (npm, a devDependency) on 127.0.0.1, on a free port, keeping its objects
 * in a temporary folder, with one bucket made. It takes path-style
 * requests and checks the access key id (not the Signature V4 itself: the
 * signer is checked against AWS's published example in
 * tests/server/files-config.test.ts). `env(prefix)` is the server
 * configuration that points FILES_URL at it; `stop()`/`start()` take it
 * down and bring it back on the same port and data, for the readiness
 * probe.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export const S3_BUCKET = 'higiene-arquivos';
/** The only key pair s3rver knows. */
const ACCESS_KEY = 'S3RVER';

export type S3TestServer = {
  endpoint: string;
  /** Configuration variables for a server whose files live under `prefix` in the bucket. */
  env(prefix: string): Record<string, string>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

export async function startS3Server(): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'ho-s3rver-'));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: S3_BUCKET }] });
    port = (await server.run()).port;
  };
  const stop = async () => {
    // Keep-alive connections of the app's fetch would hold close() for seconds.
    server?.httpServer?.closeAllConnections();
    await server?.close();
    server = null;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: (prefix) => ({
      FILES_URL: `s3://${S3_BUCKET}/${prefix}`,
      FILES_S3_ENDPOINT: endpoint,
      FILES_S3_REGION: 'us-east-1',
      FILES_S3_ACCESS_KEY_ID: ACCESS_KEY,
      FILES_S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    }),
    stop,
    start,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
