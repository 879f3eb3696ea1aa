/**
 * The real server for the settings screen tests, in its own Node process:
 * the screens run in jsdom, whose globals (URL, Blob) the server's modules
 * cannot use. Prints `listening <baseUrl>` once ready; stops when its
 * stdin closes (the test process ended) or on SIGTERM.
 */
import { startTestApp } from '../../../server/helpers/test-app';

const t = await startTestApp();
process.stdout.write(`listening ${t.baseUrl}\n`);
const stop = async () => {
  await t.close();
  process.exit(0);
};
process.stdin.on('end', () => void stop());
process.stdin.resume();
process.on('SIGTERM', () => void stop());
