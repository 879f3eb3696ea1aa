/**
 * Runs a task for each item with at most `limit` running at once, in the
 * items' order, and tries every item even when some fail. Workbox's
 * precache fetched one file at a time: with about 250 files and a 400 ms
 * round trip that alone was 100 s on a weak link (issue 26).
 */
export async function runLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<{ failed: T[] }> {
  const failed: T[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        await task(item);
      } catch {
        failed.push(item);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return { failed };
}
