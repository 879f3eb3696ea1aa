/**
 * Asks the browser not to evict this site's storage under pressure
 * (`navigator.storage.persist()`), once the user has signed in: data kept
 * for offline work must not disappear. Browsers may grant it silently,
 * prompt, or refuse; a refusal changes nothing else.
 */
export async function requestPersistentStorage(storage: StorageManager | undefined = globalThis.navigator?.storage): Promise<boolean> {
  if (!storage?.persist) return false;
  try {
    if (await storage.persisted?.()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
