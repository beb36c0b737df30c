/**
 * Opens the SQLite database, sets the pragmas every connection needs and applies the migrations.
 * Everything above this layer gets a `Db` and runs synchronous transactions on it.
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { DatabaseDamagedError, isDamageError, quickCheck } from "./integrity.ts";
import * as schema from "./schema.ts";

export type Db = BetterSQLite3Database<typeof schema>;
/** What `db.transaction` passes to its callback. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The option every writing transaction passes to `db.transaction`: take the write lock at BEGIN. A
 * deferred transaction that reads and then writes while another connection has written meanwhile gets
 * SQLITE_BUSY_SNAPSHOT at once (WAL: its snapshot is stale, and the busy timeout does not apply); an
 * immediate one waits for the lock (busy timeout) and then reads the latest data.
 */
export const IMMEDIATE = { behavior: "immediate" } as const;

export interface Database_ {
  readonly db: Db;
  readonly sqlite: Database.Database;
  close(): void;
}

export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), "../../migrations");

/**
 * Opens (or creates) the database, checks it with `PRAGMA quick_check` and migrates it. A damaged
 * file, or one that is not a SQLite database, throws DatabaseDamagedError and is left untouched.
 */
export function openDatabase(path: string): Database_ {
  if (path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new Database(path);
  try {
    // Another connection (a CLI, a backup) may hold the lock for a moment: wait instead of failing.
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    // WAL + NORMAL: a committed transaction survives the process being killed (it is in the OS's
    // cache); only a power cut or OS crash can lose the last few, never corrupt the file.
    sqlite.pragma("synchronous = NORMAL");
    const problems = quickCheck(sqlite);
    if (problems.length > 0) throw new DatabaseDamagedError(path, problems);
  } catch (error) {
    sqlite.close();
    if (isDamageError(error)) throw new DatabaseDamagedError(path, [(error as Error).message]);
    throw error;
  }
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, sqlite, close: () => sqlite.close() };
}
