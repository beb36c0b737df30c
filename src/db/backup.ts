/**
 * Backups and restores of the database file.
 *
 * A backup uses SQLite's online backup API (better-sqlite3's `backup()`): it copies the database page
 * by page through its own connection, so it is consistent (one committed state, WAL included) and
 * safe while the bot runs and writes; a write during the copy makes SQLite restart the copy. The
 * copy is then checked with `PRAGMA quick_check`.
 *
 * A restore replaces the database file with a backup, only while the bot is stopped: the current
 * file is first backed up next to it, so a restore can itself be undone.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { runningBot } from "./bot-state.ts";
import { openDatabase } from "./client.ts";
import { DatabaseDamagedError, isDamageError, quickCheck } from "./integrity.ts";
import * as schema from "./schema.ts";

/** A refusal of the backup or restore tool, shown as it is. */
export class BackupError extends Error {}

/** `nickar-2026-12-01T08-41-08Z.db`: sorts by date, no characters that file systems refuse. */
export function backupFileName(at: Date): string {
  return `nickar-${at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(":", "-")}.db`;
}

export interface BackupResult {
  readonly path: string;
  readonly bytes: number;
  readonly pages: number;
}

/** Opens an existing database file; a missing one is a BackupError rather than a new empty file. */
function openExisting(path: string): Database.Database {
  if (!existsSync(path)) throw new BackupError(`There is no database file at ${path}.`);
  try {
    const sqlite = new Database(path, { fileMustExist: true });
    sqlite.pragma("busy_timeout = 5000");
    return sqlite;
  } catch (error) {
    if (isDamageError(error)) throw new DatabaseDamagedError(path, [(error as Error).message]);
    throw error;
  }
}

/** The problems of a database file (quick_check), or of a file that is no database at all. */
function checkFile(path: string): string[] {
  let sqlite: Database.Database | undefined;
  try {
    sqlite = new Database(path, { fileMustExist: true, readonly: true });
    return quickCheck(sqlite);
  } catch (error) {
    if (isDamageError(error)) return [(error as Error).message];
    throw error;
  } finally {
    sqlite?.close();
  }
}

/**
 * Copies the database at `source` into `destination` (a file that must not exist yet; `destination`
 * ending in `/` or naming a folder gets a dated file inside it) and checks the copy.
 */
export async function backupDatabase(source: string, destination: string, at = new Date()): Promise<BackupResult> {
  const isFolder = destination.endsWith("/") || (existsSync(destination) && statSync(destination).isDirectory());
  const target = resolve(isFolder ? join(destination, backupFileName(at)) : destination);
  if (existsSync(target)) throw new BackupError(`${target} already exists: a backup never overwrites a file.`);
  mkdirSync(dirname(target), { recursive: true });
  const sqlite = openExisting(source);
  let pages = 0;
  try {
    const progress = await sqlite.backup(target);
    pages = progress.totalPages;
  } finally {
    sqlite.close();
  }
  const problems = checkFile(target);
  if (problems.length > 0) {
    rmSync(target, { force: true });
    throw new DatabaseDamagedError(source, problems);
  }
  return { path: target, bytes: statSync(target).size, pages };
}

export interface RestoreResult {
  /** The database file that was replaced, kept under this name (null when there was none). */
  readonly previous: string | null;
}

/** The bot process running on the database at `path` (its pid), or null; a damaged file has none. */
function botOn(path: string): number | null {
  let sqlite: Database.Database | undefined;
  try {
    sqlite = openExisting(path);
    return runningBot(drizzle(sqlite, { schema }));
  } catch (error) {
    if (error instanceof DatabaseDamagedError || isDamageError(error)) return null;
    // A database from before the bot_state table: no bot has marked itself running on it.
    if (/no such table/.test(String(error))) return null;
    throw error;
  } finally {
    sqlite?.close();
  }
}

/** Whether the file holds Nickar's tables (a backup of something else is refused). */
function isNickarDatabase(path: string): boolean {
  const sqlite = new Database(path, { fileMustExist: true, readonly: true });
  try {
    return sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'").get() !== undefined;
  } finally {
    sqlite.close();
  }
}

/**
 * Replaces the database at `target` with the backup at `backup`. Refused when the backup is damaged
 * or not Nickar's, or when a bot process is running on `target` (unless `force`). The file replaced
 * is kept as `<target>.before-restore-<date>.db`; the restored file is checked and migrated.
 */
export async function restoreDatabase(
  backup: string,
  target: string,
  options: { readonly force?: boolean; readonly at?: Date } = {},
): Promise<RestoreResult> {
  const from = resolve(backup);
  const to = resolve(target);
  if (!existsSync(from)) throw new BackupError(`There is no backup file at ${from}.`);
  if (from === to) throw new BackupError("The backup is the database file itself.");
  const problems = checkFile(from);
  if (problems.length > 0) throw new DatabaseDamagedError(from, problems);
  if (!isNickarDatabase(from)) throw new BackupError(`${from} is a SQLite file but not a Nickar database.`);

  let previous: string | null = null;
  if (existsSync(to)) {
    const pid = options.force ? null : botOn(to);
    if (pid !== null) {
      throw new BackupError(
        `Nickar (process ${pid}) is running on ${to}: stop it first (a restore under a running bot would be lost or damage the file), or pass --force if that process is not Nickar.`,
      );
    }
    previous = `${to}.before-restore-${backupFileName(options.at ?? new Date())}`;
    if (checkFile(to).length === 0) await backupDatabase(to, previous);
    else {
      // A damaged file cannot be read through SQLite: keep its bytes as they are, for whoever investigates.
      for (const suffix of ["", "-wal"])
        if (existsSync(`${to}${suffix}`)) copyFileSync(`${to}${suffix}`, `${previous}${suffix}`);
    }
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${to}${suffix}`, { force: true });
  }
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
  // The backup may come from an older version: bring its schema up to date now, and check it once more.
  openDatabase(to).close();
  return { previous };
}
