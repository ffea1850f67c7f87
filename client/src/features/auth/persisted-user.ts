// Firebase keeps the signed-in user in this IndexedDB database (indexedDBLocalPersistence, the browser default).
const DB_NAME = 'firebaseLocalStorageDb';
const STORE = 'firebaseLocalStorage';

/**
 * Whether Firebase may have a signed-in user stored, checked without loading Firebase: a first-time visitor
 * then never downloads the auth SDK until they choose to sign in. When unsure, says yes.
 */
export async function mayHavePersistedUser(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  try {
    const databases = await indexedDB.databases();
    if (!databases.some((db) => db.name === DB_NAME)) return false;
    return await new Promise<boolean>((resolve) => {
      const request = indexedDB.open(DB_NAME);
      request.onerror = () => resolve(true);
      // The database exists, so no upgrade runs and nothing is created here.
      request.onsuccess = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains(STORE)) {
          db.close();
          resolve(false);
          return;
        }
        const count = db.transaction(STORE, 'readonly').objectStore(STORE).count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result > 0);
        };
        count.onerror = () => {
          db.close();
          resolve(true);
        };
      };
    });
  } catch {
    return true;
  }
}
