import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKey, type CreatedApiKey } from '@common/schemas/api';
import type { ApiKeyRow, UserRow } from '../db/schema';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { isUuid } from '@common/ids';
import type { ApiKeyRepository } from '../repositories/api-key.repository';
import type { UserRepository } from '../repositories/user.repository';

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

/** Live keys a person may hold at once; each key has its own rate-limit budget, so this caps their sum. */
export const MAX_LIVE_KEYS = 10;

/** `csk_` + 32 random bytes in base64url (43 characters). */
const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);
/** How stale the shown last-used time may get: one write a minute per key, not one per call. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** SHA-256 of the whole key: 256 random bits need no salt, secret or slow hash (docs/decisions.md). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

export function createApiKeysService(deps: { keys: ApiKeyRepository; users: UserRepository; clock: Clock }) {
  const { keys, users, clock } = deps;

  return {
    /** A new key for the person; the answer is the only place the key itself ever appears. */
    async create(user: UserRow, name: string): Promise<CreatedApiKey> {
      if ((await keys.countLive(user.id)) >= MAX_LIVE_KEYS)
        throw new AppError(
          'CONFLICT',
          `You already have ${MAX_LIVE_KEYS} keys. Please revoke one you no longer use first.`,
        );
      const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
      const row = await keys.create({
        userId: user.id,
        name,
        prefix: key.slice(0, API_KEY_PREFIX.length + 6),
        keyHash: hashApiKey(key),
      });
      return { id: row.id, key };
    },

    async list(user: UserRow): Promise<ApiKey[]> {
      return (await keys.listForUser(user.id)).map(toApiKey);
    },

    async revoke(user: UserRow, id: string): Promise<void> {
      const revoked = isUuid(id) && (await keys.revoke(id, user.id, clock.now()));
      if (!revoked)
        throw new AppError('NOT_FOUND', 'This key does not exist, is not yours or is already revoked.');
    },

    /** The owner of a live key, or undefined for a malformed, unknown or revoked one. */
    async userFromKey(key: string): Promise<UserRow | undefined> {
      if (!KEY_SHAPE.test(key)) return undefined;
      const hash = hashApiKey(key);
      const row = await keys.getLiveByHash(hash);
      // The lookup compares hashes, which tell nothing about the key; the explicit check keeps it that way
      // should the lookup ever change.
      if (!row || !timingSafeEqual(Buffer.from(row.keyHash), Buffer.from(hash))) return undefined;
      const now = clock.now();
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS)
        await keys.touch(row.id, now);
      return users.getById(row.userId);
    },
  };
}

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
