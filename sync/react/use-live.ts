/**
 * A live query that knows which question its answer belongs to.
 * `useLiveQuery` returns undefined on the first render and, when its inputs
 * change, keeps returning the previous answer until the new one arrives.
 * Here the answer carries the inputs it was computed for, so the hooks can
 * say "loading" (with the previous answer, for a calm page change) rather
 * than show page 1's rows under page 2's number.
 */
import { useLiveQuery } from 'dexie-react-hooks';

export type LiveState<T> = { loading: true; previous: T | undefined } | { loading: false; data: T };

export function useLive<T>(query: () => Promise<T>, inputs: readonly unknown[]): LiveState<T> {
  const signature = JSON.stringify(inputs);
  const answer = useLiveQuery(async () => ({ signature, data: await query() }), [signature]);
  if (answer === undefined) return { loading: true, previous: undefined };
  if (answer.signature !== signature) return { loading: true, previous: answer.data };
  return { loading: false, data: answer.data };
}
