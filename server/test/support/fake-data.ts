import type { Mode } from '@common/modes';
import type { Plan } from '@common/plans';
import type { ProcessedImageRow, UserRow } from '../../src/db/schema';
import type { DataStore, Repositories } from '../../src/repositories/repositories';
import { StorageNotFoundError, type Storage } from '../../src/storage/storage';

/**
 * In-memory stand-ins for the data layer and storage, for unit tests of the services: the same calls and
 * the same outcomes as the real repositories for what the processing flow uses, and a transaction that
 * leaves nothing behind when its work throws. The real ones are tested on PGlite and PostgreSQL.
 */
export function fakeData() {
  const users = new Map<string, UserRow>();
  const images = new Map<string, ProcessedImageRow>();
  const usage: { userId: string; imageId: string; editingMode: Mode }[] = [];

  const stillProcessing = (id: string, startedAt: Date) => {
    const row = images.get(id);
    return row?.status === 'processing' && row.updatedAt.getTime() === startedAt.getTime();
  };

  const repositories = {
    users: {
      getById: async (id: string) => users.get(id),
    },
    images: {
      getOwned: async (id: string, userId: string) => {
        const row = images.get(id);
        return row?.userId === userId ? row : undefined;
      },
      startProcessing: async (id: string, maskKey: string | null) => {
        const row = images.get(id)!;
        if (row.status === 'processing') return null;
        const updatedAt = new Date(Math.max(Date.now(), row.updatedAt.getTime() + 1));
        images.set(id, { ...row, status: 'processing', maskKey, errorMessage: null, updatedAt });
        return updatedAt;
      },
      markCompleted: async (
        id: string,
        startedAt: Date,
        result: { resultKey: string; resultWidth: number; resultHeight: number; providerId: string },
      ) => {
        if (!stillProcessing(id, startedAt)) return false;
        images.set(id, { ...images.get(id)!, status: 'completed', errorMessage: null, ...result });
        return true;
      },
      markFailed: async (id: string, errorMessage: string, startedAt?: Date) => {
        if (startedAt && !stillProcessing(id, startedAt)) return false;
        images.set(id, { ...images.get(id)!, status: 'failed', errorMessage });
        return true;
      },
      listProcessing: async () => [...images.values()].filter((row) => row.status === 'processing'),
    },
    credits: {
      getForUpdate: async (id: string) => users.get(id),
      setUsage: async (id: string, creditsUsed: number, creditsResetAt: Date) =>
        void users.set(id, { ...users.get(id)!, creditsUsed, creditsResetAt }),
      refund: async (id: string, takenAt: Date) => {
        const user = users.get(id);
        if (!user || user.creditsResetAt > takenAt || user.creditsUsed <= 0) return false;
        users.set(id, { ...user, creditsUsed: user.creditsUsed - 1 });
        return true;
      },
    },
    usage: {
      create: async (record: { userId: string; imageId: string; editingMode: Mode }) =>
        void usage.push(record),
    },
  };

  const data = {
    ...(repositories as unknown as Repositories),
    async transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T> {
      const saved = { users: new Map(users), images: new Map(images), usage: usage.length };
      try {
        return await work(repositories as unknown as Repositories);
      } catch (error) {
        users.clear();
        saved.users.forEach((v, k) => users.set(k, v));
        images.clear();
        saved.images.forEach((v, k) => images.set(k, v));
        usage.length = saved.usage;
        throw error;
      }
    },
  } satisfies DataStore;

  return {
    data,
    users,
    images,
    usage,
    addUser(id: string, plan: Plan = 'free', now = new Date()): UserRow {
      const user: UserRow = {
        id,
        firebaseUid: `uid-${id}`,
        email: `${id}@example.com`,
        firstName: null,
        lastName: null,
        profileImageUrl: null,
        subscriptionTier: plan,
        stripeCustomerId: null,
        stripeSubscriptionId: null,
        subscriptionStatus: null,
        subscriptionEndsAt: null,
        subscriptionCancelAtPeriodEnd: false,
        creditsUsed: 0,
        creditsResetAt: now,
        createdAt: new Date(now.getTime() - 7 * 86_400_000),
        updatedAt: now,
      };
      users.set(id, user);
      return user;
    },
    addImage(row: Partial<ProcessedImageRow> & { id: string; userId: string }): ProcessedImageRow {
      const full = {
        originalFilename: 'photo.jpg',
        originalKey: `users/${row.userId}/${row.id}/original.jpg`,
        resultKey: null,
        maskKey: null,
        width: 40,
        height: 30,
        resultWidth: null,
        resultHeight: null,
        editingMode: 'object-removal',
        status: 'pending',
        providerId: null,
        errorMessage: null,
        createdAt: new Date(),
        updatedAt: new Date(),
        ...row,
      } as ProcessedImageRow;
      images.set(row.id, full);
      return full;
    },
  };
}

/** Files in a map: the Storage port without a disk. */
export function memoryStorage(): Storage & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  return {
    files,
    put: async (key, bytes) => void files.set(key, bytes),
    get: async (key) => {
      const bytes = files.get(key);
      if (!bytes) throw new StorageNotFoundError(key);
      return bytes;
    },
    delete: async (key) => void files.delete(key),
    list: async (prefix) => [...files.keys()].filter((key) => key.startsWith(prefix)),
    ping: async () => undefined,
  };
}
