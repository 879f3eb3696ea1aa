/**
 * How often one address may ask `GET api/sample/verify/{code}`: 30 times in
 * 15 minutes, then 429 with Retry-After until the oldest ask leaves the
 * window. Enough for someone checking a folder of reports by hand; with
 * codes drawn from 31^10, guessing one at this pace would take longer than
 * any report lives. Counted in the same attempt store as the sign-in
 * limits (shared by every server process).
 */
export const SAMPLE_VERIFY_LIMIT = { limit: 30, windowMs: 15 * 60_000 } as const;
