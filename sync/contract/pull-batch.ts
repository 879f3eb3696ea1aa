/**
 * The pull batch (docs/decisions/sync-pull-batch.md): one GET brings the
 * next page of several lists, each asked for with its own pull cursor, so a
 * first sync costs a handful of round trips instead of one per list and per
 * page. The server reads each list through that list's own call, as if it
 * had come alone (same permissions, narrowing and answer), one after the
 * other, in the order asked, and stops adding lists once the answer holds
 * its rows or bytes: the lists it did not read are answered `later`.
 *
 * A list is read only while every list before it in the request ended in
 * this answer: a list's later pages always come before the next list's
 * first one, so the device applies pages in reference order (categories
 * before equipment, equipment before agents), as it does list by list.
 */
import { z } from 'zod';
import { countParamSchema, MAX_ID, timestampSchema } from './fields';

/** Where the pull batch lives (relative to the API base). */
export const PULL_BATCH_PATH = 'api/sync/pull';

/** Most lists one call may name (the device pulls about 20). */
export const MAX_PULL_BATCH_LISTS = 40;
/** Most rows one answer holds across its lists (a small unpaged list may take it past this). */
export const MAX_PULL_BATCH_ROWS = 4000;
/**
 * Once the pages read reach this many bytes of JSON, the lists left are
 * answered `later` (and a long list is not read on): what one answer may
 * hold in the server's memory, about 4,000 agents.
 */
export const MAX_PULL_BATCH_BYTES = 2 * 1024 * 1024;
/**
 * Pages of a list the device asks for in one answer (`rows` = this × its
 * page size): four of 1,000 on a first sync, so 10,000 agents are three
 * calls, each a round trip and the server's time on a weak link (issue 26).
 */
export const PULL_PAGES_PER_ANSWER = 4;
/** Rows per page of a paged list, as the lists' own `take` allows (sync/contract/list.ts). */
export const MAX_PULL_BATCH_TAKE = 1000;

export const PULL_BATCH_MESSAGES = {
  invalidList: 'Lista inválida no lote de leitura.',
  notAList: 'Esta leitura não pode ir num lote: peça-a sozinha.',
} as const;

/**
 * A list's path template as the device's registry declares it: under `api/`,
 * lower-case segments, and, for a paged list, `/{skip}/{take}` at the end.
 */
const LIST_PATH = /^api(\/[a-z0-9-]+)+(\/\{skip\}\/\{take\})?$/;

export type PullBatchList = {
  /** The list's path template ('api/cost/all/{skip}/{take}', 'api/product/type'). */
  path: string;
  updated_since: string;
  /** Where the list resumes inside `updated_since` (keyset), absent on a list's first page. */
  after_id?: number | undefined;
};

/** Where a list goes on after a page: its last row (the `(updated_at, id)` keyset), read by the server and the device alike. */
export function cursorAfter(list: Pick<PullBatchList, 'path'>, last: { updated_at?: unknown; id?: unknown }): PullBatchList {
  return { path: list.path, updated_since: last.updated_at as string, after_id: last.id as number };
}

/** One list of the query: `path,updated_since` or `path,updated_since,after_id`. */
const listParamSchema = z
  .string()
  .max(300)
  .transform((value, context): PullBatchList => {
    const [path = '', since = '', afterId, ...rest] = value.split(',');
    const parsedSince = timestampSchema.safeParse(since);
    const parsedAfter = afterId === undefined ? undefined : countParamSchema(0, MAX_ID).safeParse(afterId);
    if (!LIST_PATH.test(path) || !parsedSince.success || parsedAfter?.success === false || rest.length > 0) {
      context.addIssue({ code: 'custom', message: PULL_BATCH_MESSAGES.invalidList });
      return z.NEVER;
    }
    return { path, updated_since: parsedSince.data, ...(parsedAfter ? { after_id: parsedAfter.data as number } : {}) };
  });

/**
 * Query of the pull batch: `take`, the rows of one list's page (the device's
 * page size); `rows`, at most this many rows in the answer (default and
 * ceiling MAX_PULL_BATCH_ROWS); `list`, repeated, one per list in pull order.
 */
export const pullBatchQuerySchema = z.object({
  take: countParamSchema(1, MAX_PULL_BATCH_TAKE),
  rows: countParamSchema(1, MAX_PULL_BATCH_ROWS).optional(),
  // One `list` arrives as a string, several as an array: read both as an array, so a bad list gets its own message.
  list: z.preprocess((lists) => (Array.isArray(lists) ? lists : [lists]), z.array(listParamSchema).min(1).max(MAX_PULL_BATCH_LISTS)),
});

/** The call's path with its query, relative to the API base, as the device sends it. */
export function pullBatchPath(lists: readonly PullBatchList[], take: number, rows?: number): string {
  const query = new URLSearchParams({ take: String(take) });
  if (rows !== undefined) query.set('rows', String(rows));
  for (const list of lists) {
    query.append('list', [list.path, list.updated_since, ...(list.after_id === undefined ? [] : [String(list.after_id)])].join(','));
  }
  return `${PULL_BATCH_PATH}?${query}`;
}

/**
 * What the answer says of each list, in the order asked:
 * - `page`: the list's own pull answer (sync/contract/sync.ts, `pullResponseSchema`),
 *   and whether the list goes on after it (`more`: a paged list's page was full);
 * - `refused`: the list's own call answered this status and body (403 for a list
 *   the caller may not read), as it would have alone;
 * - `later`: not read in this answer; ask again with the same cursor.
 */
export const pullBatchListAnswerSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('page'), more: z.boolean(), page: z.unknown() }),
  z.object({ state: z.literal('refused'), status: z.number().int().min(100).max(599), body: z.unknown() }),
  z.object({ state: z.literal('later') }),
]);

export const pullBatchAnswerSchema = z.object({ lists: z.array(pullBatchListAnswerSchema) });

export type PullBatchListAnswer = z.infer<typeof pullBatchListAnswerSchema>;
export type PullBatchAnswer = z.infer<typeof pullBatchAnswerSchema>;

/** A list's path for one page: the template with `skip` 0 and the page's `take` (unpaged lists as they are). */
export function listPagePath(template: string, take: number): string {
  return template.replace('{skip}', '0').replace('{take}', String(take));
}

/** Whether a list is paged (its page may be followed by another). */
export function isPagedList(template: string): boolean {
  return template.includes('{take}');
}
