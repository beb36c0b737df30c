/** The connection reuses compiled statements, handed back as a fresh prepare would give them. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, STATEMENT_CACHE_SIZE } from "../../src/db/client.ts";
import { guildSettings } from "../../src/db/schema.ts";

describe("statement cache", () => {
  it("statement cache - the same compiled statement - for the same SQL", () => {
    const { sqlite, close } = openDatabase(":memory:");
    try {
      expect(sqlite.prepare("SELECT 1 AS x")).toBe(sqlite.prepare("SELECT 1 AS x"));
      expect(sqlite.prepare("SELECT 1 AS x")).not.toBe(sqlite.prepare("SELECT 2 AS x"));
    } finally {
      close();
    }
  });

  it("statement cache - rows as objects again - after the statement was used raw", () => {
    const { sqlite, close } = openDatabase(":memory:");
    try {
      expect(sqlite.prepare("SELECT 1 AS x").raw().get()).toEqual([1]);
      expect(sqlite.prepare("SELECT 1 AS x").get()).toEqual({ x: 1 });
    } finally {
      close();
    }
  });

  it("statement cache - drizzle's queries answer right - when run again with other values", () => {
    const { db, sqlite, close } = openDatabase(":memory:");
    try {
      for (const id of ["1", "2"])
        db.insert(guildSettings)
          .values({ guildId: id, animateMoves: id === "2", updatedAt: 0 })
          .run();
      const read = (id: string) =>
        db.select().from(guildSettings).where(eq(guildSettings.guildId, id)).get()?.animateMoves;
      expect([read("1"), read("2"), read("1"), read("3")]).toEqual([false, true, false, undefined]);
      // drizzle leaves its statement in raw mode: the same SQL prepared by hand answers objects again.
      const query = db.select().from(guildSettings).where(eq(guildSettings.guildId, "2"));
      expect(query.get()?.animateMoves).toBe(true);
      const { sql, params } = query.toSQL();
      expect(sqlite.prepare(sql).get(...params)).toMatchObject({ guild_id: "2" });
    } finally {
      close();
    }
  });

  it("statement cache - a statement of its own, pluck and expand off - while the cached one iterates", () => {
    const { sqlite, close } = openDatabase(":memory:");
    try {
      const source = "SELECT 1 AS x UNION ALL SELECT 2";
      const iterating = sqlite.prepare(source);
      const rows = iterating.iterate();
      rows.next();
      const other = sqlite.prepare(source);
      expect(other).not.toBe(iterating);
      expect(other.all()).toEqual([{ x: 1 }, { x: 2 }]);
      rows.return?.();
      sqlite.prepare(source).pluck();
      expect(sqlite.prepare(source).get()).toEqual({ x: 1 });
    } finally {
      close();
    }
  });

  it("statement cache - compiles again - a statement pushed out by newer ones", () => {
    const { sqlite, close } = openDatabase(":memory:");
    try {
      const first = sqlite.prepare("SELECT 0 AS x");
      for (let i = 1; i <= STATEMENT_CACHE_SIZE; i++) sqlite.prepare(`SELECT ${i} AS x`);
      expect(sqlite.prepare("SELECT 0 AS x")).not.toBe(first);
      expect(sqlite.prepare(`SELECT ${STATEMENT_CACHE_SIZE} AS x`)).toBe(
        sqlite.prepare(`SELECT ${STATEMENT_CACHE_SIZE} AS x`),
      );
    } finally {
      close();
    }
  });
});
