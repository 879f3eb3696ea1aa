/**
 * The short code printed on an approved sample's report and checked by
 * `GET api/sample/verify/{code}`: 10 characters from an alphabet without
 * the look-alikes (no 0/O, 1/I/L), so it can be typed from paper; 31^10
 * (about 8 × 10^14) codes, random (node:crypto), unique in the table. A
 * code typed with spaces, hyphens or lower case reads the same.
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '@server/db/client';
import { sampleApprovals } from '@server/db/schema';

export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_LENGTH = 10;
const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

export function randomCode(): string {
  let code = '';
  for (let index = 0; index < CODE_LENGTH; index++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The code as stored, or null when what was typed cannot be one. */
export function readCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** A code no approval has yet (a collision is astronomically rare; it just draws again). */
export async function unusedCode(tx: Tx): Promise<string> {
  for (;;) {
    const code = randomCode();
    const [taken] = await tx.select({ id: sampleApprovals.id }).from(sampleApprovals).where(eq(sampleApprovals.code, code));
    if (!taken) return code;
  }
}
