/**
 * The version of this contract as the device writes it down: every outbox
 * entry, draft and local record carries the one its code was built with
 * (docs/decisions/store-upgrades.md), so a later build can tell which shape
 * a row it finds in a store was written in, long after the device last
 * synced. Rows written before versions were stamped carry none.
 *
 * Bump it when a change here would make a row written before it read or
 * send differently (a field renamed, removed or tightened, a value no longer
 * accepted, a command's path moved), and say in the code that reads such
 * rows what each version means. Adding an optional field needs no bump.
 */

/** 1: the contract of stop 34 (2026-11-29), the first stamped. */
export const CONTRACT_VERSION = 1;

/** How a row without a stamp reads: written by a build from before versions were stamped (store versions 1 to 10). */
export const UNSTAMPED_CONTRACT_VERSION = 0;
