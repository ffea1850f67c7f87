import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: the repositories speak Drizzle's PostgreSQL dialect, whatever runs it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseTarget = { url: string } | { pgliteDir: string } | { memory: true };

/** Opens PostgreSQL when a URL is given, else embedded PGlite (a folder, or memory for tests), and migrates it. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    // A request holds a connection for its round trips only (a sign-in check: one, about a millisecond), so 10
    // serve hundreds of concurrent visitors; more would only crowd PostgreSQL's own limit (100 by default).
    // Idle connections stay open: with the default 10 s idle timeout the pool closed them between bursts and
    // opened new ones (a backend forked, authenticated and its caches cold) in the middle of the next burst.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, idleTimeoutMillis: 0 });
    // An idle connection the server drops (restart, failover) must not crash the process: the pool reconnects.
    pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    await migratePg(db, { migrationsFolder: MIGRATIONS });
    return { db: db as unknown as Db, driver: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if ('pgliteDir' in target) {
    mkdirSync(target.pgliteDir, { recursive: true });
    client = new PGlite(target.pgliteDir);
  } else {
    client = new PGlite();
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  return { db: db as unknown as Db, driver: 'pglite', close: () => client.close() };
}
