// The database file's safety: the integrity check at start-up, online backups, restores, and the
// watch that notices a file deleted or replaced under the running bot. Real SQLite files.
import { closeSync, existsSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import type Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { BackupError, backupDatabase, backupFileName, restoreDatabase } from "../../src/db/backup.ts";
import { markRunning, markStopped } from "../../src/db/bot-state.ts";
import { openDatabase } from "../../src/db/client.ts";
import { DatabaseFileWatch } from "../../src/db/file-watch.ts";
import { DatabaseDamagedError } from "../../src/db/integrity.ts";
import { ALICE, BOB, setup, type World } from "../support/helpers.ts";
import { startGame } from "../support/play.ts";

let world: World | undefined;
afterEach(() => {
  world?.close();
  world = undefined;
});

/** The better-sqlite3 connection under the world's app. */
function sqliteOf(w: World): Database.Database {
  return (w.db() as unknown as { $client: Database.Database }).$client;
}

function freshWorld(): World {
  world = setup();
  return world;
}

/** Plays the first legal house of the player to move. */
function playOne(w: World, gameId: string): void {
  const { state, row } = w.app.games.get(gameId)!;
  const mover = state.position.toMove === 0 ? row.southId : row.northId;
  w.app.games.play(gameId, mover, state.legalMoves[0], row.ply);
}

/**
 * Damages the games table where only a check reading its pages can see it: the cell count in the
 * header of its root page becomes far too large (opening the file and migrating still work).
 */
function damageGamesTable(path: string): void {
  const database = openDatabase(path);
  const { rootpage } = database.sqlite.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'games'").get() as {
    rootpage: number;
  };
  const pageSize = database.sqlite.pragma("page_size", { simple: true }) as number;
  database.close();
  const fd = openSync(path, "r+");
  writeSync(fd, Buffer.from([0x0f, 0xff]), 0, 2, (rootpage - 1) * pageSize + 3);
  closeSync(fd);
}

describe("integrity check at start-up", () => {
  it("openDatabase - refuses with a message naming the file and the restore - a damaged page", async () => {
    const w = freshWorld();
    const gameId = await startGame(w, ALICE, BOB);
    playOne(w, gameId);
    w.restart();
    sqliteOf(w).close();
    damageGamesTable(w.path);
    const error = (() => {
      try {
        openDatabase(w.path).close();
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(DatabaseDamagedError);
    const message = (error as Error).message;
    expect(message).toContain(`The database file ${w.path} is damaged, so Nickar will not start on it`);
    expect(message).toMatch(/malformed|Tree|page/);
    expect(message).toContain("npm run restore -- <backup file>");
    // Refusing left the file as it was (no migration, no new WAL written over it).
    expect(() => openDatabase(w.path)).toThrow(DatabaseDamagedError);
  });

  it("openDatabase - refuses a file that is not a database - text file", () => {
    const w = freshWorld();
    const path = join(w.path, "..", "notes.db");
    writeFileSync(path, "these are not the tables you are looking for\n".repeat(200));
    expect(() => openDatabase(path)).toThrow(/notes\.db is damaged[\s\S]*file is not a database/);
  });

  it("openDatabase - opens a sound file - quick_check ok", () => {
    const w = freshWorld();
    w.restart();
    expect(sqliteOf(w).pragma("quick_check", { simple: true })).toBe("ok");
  });
});

describe("backups", () => {
  it("backupDatabase - a consistent copy while another connection writes - online backup", async () => {
    const w = freshWorld();
    const gameIds = [await startGame(w, ALICE, BOB), await startGame(w, "1010", "1011")];
    const writer = w.other();
    let moves = 0;
    // Moves committed by another connection during the copy, as the running bot would make them.
    const writing = setInterval(() => {
      for (const id of gameIds) {
        const { state, row } = writer.app.games.get(id)!;
        if (state.outcome.over) continue;
        writer.app.games.play(
          id,
          state.position.toMove === 0 ? row.southId : row.northId,
          state.legalMoves[0],
          row.ply,
        );
        moves++;
      }
    }, 1);
    const dir = join(w.path, "..", "backups");
    const results = [];
    for (let i = 0; i < 5; i++)
      results.push(await backupDatabase(w.path, `${dir}/`, new Date(Date.UTC(2026, 0, 1, 0, 0, i))));
    clearInterval(writing);
    writer.close();
    expect(moves).toBeGreaterThan(0);
    expect(results.map((r) => r.path.slice(dir.length + 1))).toEqual(
      [0, 1, 2, 3, 4].map((i) => `nickar-2026-01-01T00-00-0${i}Z.db`),
    );
    for (const { path } of results) {
      // Every copy opens, passes quick_check, and each game in it replays to its cached position.
      const copy = openDatabase(path);
      const rows = copy.sqlite.prepare("SELECT moves, ply FROM games").all() as { moves: string; ply: number }[];
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(JSON.parse(row.moves)).toHaveLength(row.ply);
      copy.close();
    }
  });

  it("backupDatabase - never overwrites a file, never creates a database - refusals", async () => {
    const w = freshWorld();
    const target = join(w.path, "..", "copy.db");
    await backupDatabase(w.path, target);
    await expect(backupDatabase(w.path, target)).rejects.toThrow(/already exists/);
    await expect(backupDatabase(join(w.path, "..", "missing.db"), `${target}2`)).rejects.toThrow(BackupError);
    expect(existsSync(join(w.path, "..", "missing.db"))).toBe(false);
  });

  it("backupFileName - dated, sortable, no colons - a fixed date", () => {
    expect(backupFileName(new Date("2026-12-01T08:41:08.123Z"))).toBe("nickar-2026-12-01T08-41-08Z.db");
  });
});

describe("restores", () => {
  it("restoreDatabase - the database is as at the backup and the replaced one is kept - round trip", async () => {
    const w = freshWorld();
    const gameId = await startGame(w, ALICE, BOB);
    playOne(w, gameId);
    const backup = (await backupDatabase(w.path, join(w.path, "..", "backup.db"))).path;
    playOne(w, gameId);
    playOne(w, gameId);
    expect(w.app.games.get(gameId)!.row.ply).toBe(3);
    sqliteOf(w).close();

    const { previous } = await restoreDatabase(backup, w.path, { at: new Date("2026-01-02T03:04:05Z") });
    expect(previous).toBe(`${w.path}.before-restore-nickar-2026-01-02T03-04-05Z.db`);
    w.restart();
    expect(w.app.games.get(gameId)!.row.ply).toBe(1);
    // The replaced database is a sound file holding the later state: the restore can be undone.
    const kept = openDatabase(previous!);
    expect(kept.sqlite.prepare("SELECT ply FROM games").get()).toEqual({ ply: 3 });
    kept.close();
  });

  it("restoreDatabase - refused while a bot process runs on the file - running pid", async () => {
    const w = freshWorld();
    const backup = (await backupDatabase(w.path, join(w.path, "..", "backup.db"))).path;
    // This test process stands for the bot: it is alive.
    markRunning(w.db(), process.pid);
    await expect(restoreDatabase(backup, w.path)).rejects.toThrow(`Nickar (process ${process.pid}) is running`);
    await expect(restoreDatabase(backup, w.path, { force: true })).resolves.toMatchObject({});
    w.restart();
    markStopped(w.db());
  });

  it("restoreDatabase - a crashed bot's stale pid does not block - dead process", async () => {
    const w = freshWorld();
    const backup = (await backupDatabase(w.path, join(w.path, "..", "backup.db"))).path;
    markRunning(w.db(), 2 ** 22 + 12345);
    sqliteOf(w).close();
    await expect(restoreDatabase(backup, w.path)).resolves.toMatchObject({ previous: expect.any(String) });
    w.restart();
  });

  it("restoreDatabase - refuses a damaged backup and leaves the database alone - damaged page", async () => {
    const w = freshWorld();
    await startGame(w, ALICE, BOB);
    const backup = (await backupDatabase(w.path, join(w.path, "..", "backup.db"))).path;
    damageGamesTable(backup);
    await expect(restoreDatabase(backup, w.path)).rejects.toThrow(DatabaseDamagedError);
    expect(w.app.games.activeFor("100", ALICE)).toHaveLength(1);
  });

  it("restoreDatabase - replaces a damaged database, keeping its bytes - damaged target", async () => {
    const w = freshWorld();
    const gameId = await startGame(w, ALICE, BOB);
    const backup = (await backupDatabase(w.path, join(w.path, "..", "backup.db"))).path;
    sqliteOf(w).close();
    damageGamesTable(w.path);
    const { previous } = await restoreDatabase(backup, w.path);
    expect(existsSync(previous!)).toBe(true);
    expect(() => openDatabase(previous!)).toThrow(DatabaseDamagedError);
    w.restart();
    expect(w.app.games.get(gameId)?.row.status).toBe("active");
  });
});

describe("the database file watched under the running bot", () => {
  it("DatabaseFileWatch - silent while the file is the one opened - writes and checkpoints", async () => {
    const w = freshWorld();
    const watch = new DatabaseFileWatch(w.path);
    const gameId = await startGame(w, ALICE, BOB);
    playOne(w, gameId);
    sqliteOf(w).pragma("wal_checkpoint(TRUNCATE)");
    expect(watch.problem()).toBeNull();
  });

  it("DatabaseFileWatch - reports a deleted file - unlinked", () => {
    const w = freshWorld();
    const watch = new DatabaseFileWatch(w.path);
    rmSync(w.path);
    expect(watch.problem()).toBe(`the database file ${w.path} was deleted while Nickar was running`);
  });

  it("DatabaseFileWatch - reports a file replaced by another - renamed over", async () => {
    const w = freshWorld();
    const watch = new DatabaseFileWatch(w.path);
    const other = (await backupDatabase(w.path, join(w.path, "..", "other.db"))).path;
    renameSync(other, w.path);
    expect(watch.problem()).toMatch(/was replaced by another file while Nickar was running \(inode \d+ became \d+\)/);
  });
});
