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

/** How long one statement waits for another connection's lock, blocking the event loop meanwhile. */
export const BUSY_TIMEOUT_MS = 50;

/** The database was locked by another connection (SQLITE_BUSY and its variants, SQLITE_LOCKED), maybe wrapped by drizzle. */
export function isBusy(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = (e as Error & { cause?: unknown }).cause) {
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === "string" && /^SQLITE_(BUSY|LOCKED)/.test(code)) return true;
  }
  return false;
}

/**
 * Runs `work` (synchronous writes), trying again while another connection holds the lock: each
 * attempt blocks the event loop for at most BUSY_TIMEOUT_MS, and the waits between attempts are
 * asynchronous, so everything else goes on meanwhile. `onBusy` runs once, before the first wait
 * (the router acknowledges the interaction there). After `giveUpMs` the busy error is thrown.
 */
export async function retryWhileBusy<T>(
  work: () => T | Promise<T>,
  options: { readonly giveUpMs: number; readonly onBusy?: () => Promise<void> | void },
): Promise<T> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isBusy(error) || Date.now() - started >= options.giveUpMs) throw error;
      if (attempt === 0) await options.onBusy?.();
      await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 1000)));
    }
  }
}

/** Compiled statements kept per connection (the most recently used). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Makes the connection's `prepare` reuse compiled statements. drizzle prepares every query it runs
 * afresh (`client.prepare(sql)` on each call), and compiling SQL was the largest single cost of the
 * bot's main thread under load; neither drizzle nor better-sqlite3 offers a statement cache, hence
 * these lines. A cached statement is handed back in its default modes (drizzle switches selects to
 * raw array rows and never switches back; pluck and expand are reset too), and one that is busy in
 * an iteration is not handed out at all: the caller gets a fresh statement.
 */
export function cacheStatements(sqlite: Database.Database, size = STATEMENT_CACHE_SIZE): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    // A statement in the middle of an iteration cannot run again: that caller gets one of its own.
    if (statement?.busy) return prepare(source);
    if (statement) {
      // Most recently used last, so the first key is the one to drop.
      cache.delete(source);
      cache.set(source, statement);
      if (statement.reader) statement.raw(false).pluck(false).expand(false);
      return statement;
    }
    statement = prepare(source);
    cache.set(source, statement);
    if (cache.size > size) cache.delete(cache.keys().next().value as string);
    return statement;
  }) as typeof sqlite.prepare;
}

/**
 * A drizzle query built once per connection, then run with placeholders (`sql.placeholder`). drizzle
 * builds a query's SQL from its builder on every call, and that building was about a fifth of the main
 * thread under `npm run bench:load` (docs/benchmarks.md, "Load"): the per-move queries are built once
 * here. Called with a transaction, the query is built on it and kept for its connection (a transaction
 * shares its database's session), and runs inside whichever transaction is open when it runs, as any
 * query on the connection does. A placeholder's value reaches SQLite as given, not in its column's form
 * (a boolean column's `true` is not made 1): encode such values with the column's `mapToDriverValue`.
 */
export function builtOnce<Q>(build: (db: Db | Tx) => Q): (db: Db | Tx) => Q {
  const built = new WeakMap<object, Q>();
  return (db) => {
    // drizzle's session (internal to it, hence the cast): one per connection, shared by its transactions.
    const key = (db as unknown as { session?: object }).session ?? db;
    let query = built.get(key);
    if (query === undefined) {
      query = build(db);
      built.set(key, query);
    }
    return query;
  };
}

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
    // Another connection (a CLI, a backup) may hold the write lock. better-sqlite3 waits for it
    // synchronously, blocking the event loop (and every user) meanwhile: wait only briefly, and let
    // the callers retry asynchronously (`retryWhileBusy`; the interaction router acknowledges first).
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
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
  cacheStatements(sqlite);
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, sqlite, close: () => sqlite.close() };
}
