/**
 * The database's tables and columns as SQLite itself lists them (sqlite_master and `pragma table_info`), not as
 * the schema module says: what a migration made is what is there. Scans of every column of every table for a
 * user's id, so that a table added later is searched with nothing more to write.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../src/db/client.ts";

/** drizzle-kit's record of the migrations applied (hashes and times): the only table the schema does not declare. */
export const MIGRATIONS_TABLE = "__drizzle_migrations";

export interface CatalogueTable {
  readonly name: string;
  readonly columns: readonly { readonly name: string; readonly type: string }[];
}

/** Every table of the database but SQLite's own (`sqlite_…`) and the migrations' record. */
export function catalogue(db: Db): CatalogueTable[] {
  const tables = db.all<{ name: string }>(
    sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name`,
  );
  return tables
    .filter((t) => t.name !== MIGRATIONS_TABLE)
    .map(({ name }) => ({
      name,
      columns: db.all<{ name: string; type: string }>(sql`SELECT name, type FROM pragma_table_info(${name})`),
    }));
}

/** "table.column" for each column where `where` (given the column, as SQL) holds in some row. */
function columnsWhere(db: Db, where: (column: ReturnType<typeof sql.identifier>) => ReturnType<typeof sql>): string[] {
  return catalogue(db).flatMap((table) =>
    table.columns.flatMap((column) => {
      const name = sql.identifier(column.name);
      const found = db.get<{ n: number }>(
        sql`SELECT count(*) AS n FROM ${sql.identifier(table.name)} WHERE ${where(name)}`,
      );
      return found && found.n > 0 ? [`${table.name}.${column.name}`] : [];
    }),
  );
}

/**
 * Every column, of any type, whose value contains `text` anywhere (a JSON blob, a sentence, a key). Meant for
 * an id no other value could contain by chance (a snowflake of 18 digits).
 */
export function columnsContaining(db: Db, text: string): string[] {
  return columnsWhere(db, (column) => sql`instr(CAST(${column} AS TEXT), ${text}) > 0`);
}

/**
 * Every column that names `userId` as the bot writes a user: the whole value, a mention `<@id>`, or a JSON
 * string `"id"` (a note's `{"user":"id"}`). For short test ids ("1001"), which other values may contain.
 */
export function columnsNaming(db: Db, userId: string): string[] {
  return columnsWhere(
    db,
    (column) =>
      sql`(CAST(${column} AS TEXT) = ${userId} OR instr(${column}, ${`<@${userId}>`}) > 0 OR instr(${column}, ${`"${userId}"`}) > 0)`,
  );
}
