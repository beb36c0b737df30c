/**
 * The start-up integrity check: `PRAGMA quick_check` (the page and b-tree structure and record
 * formats, without the slower index-content comparison of `integrity_check`), so that Nickar never
 * starts playing on a damaged file and makes it worse.
 */
import type Database from "better-sqlite3";

/** The database file is damaged or is not a SQLite database: Nickar refuses to start on it. */
export class DatabaseDamagedError extends Error {
  constructor(
    readonly path: string,
    readonly problems: readonly string[],
  ) {
    const shown = problems.slice(0, 5).join("\n    ");
    const more = problems.length > 5 ? `\n    …and ${problems.length - 5} more` : "";
    super(
      `The database file ${path} is damaged, so Nickar will not start on it:\n    ${shown}${more}\n` +
        "Stop anything else that writes to it, keep a copy of the damaged file, and restore the latest backup:\n" +
        "    npm run restore -- <backup file>    (backups are made with `npm run backup`; see docs/hosting.md, Backups and restore)",
    );
    this.name = "DatabaseDamagedError";
  }
}

/** The problems `PRAGMA quick_check` reports (none when the file is sound). */
export function quickCheck(sqlite: Database.Database, maxErrors = 20): string[] {
  const rows = sqlite.pragma(`quick_check(${maxErrors})`) as { quick_check: string }[];
  const problems = rows.map((r) => r.quick_check);
  return problems.length === 1 && problems[0] === "ok" ? [] : problems;
}

/** Whether an error from opening or reading the file means it is damaged or not a database at all. */
export function isDamageError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CORRUPT" || code === "SQLITE_NOTADB";
}
