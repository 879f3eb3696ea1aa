/**
 * Local keys and idempotency keys: random UUIDs made on the device, so
 * records created offline on several devices never collide.
 */
export function newKey(): string {
  return globalThis.crypto.randomUUID();
}
