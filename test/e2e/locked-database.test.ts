// Another connection (a backup, the sqlite3 CLI, a second process) holds SQLite's write lock for
// 8 seconds while players press buttons and type commands. With Discord's real 3-second deadline
// in the local Discord, every interaction is acknowledged in time, answered once the lock is gone,
// and nothing is lost; reads are answered at once meanwhile.
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translator } from "../../src/i18n/index.ts";
import { gameRow, moveButtons, moverOf, type Stack, startGame, startStack, waitForPly } from "./harness.ts";

const HOLD_MS = 8_000;

describe("a locked database", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ local: { ackTimeoutMs: 3000 } });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it("lock held for 8 s - every interaction acknowledged in time and answered after - moves, challenge, reads", async () => {
    const { driver, database, databasePath } = stack;
    const game = await startGame(driver, "rhea", "sami", "abapa");
    const message = (await driver.message(game.messageId))!;
    const mover = driver.nameOf(moverOf(message)!.userId);
    const house = moveButtons(message).find((b) => !b.disabled)!;
    await driver.users("tove");

    const other = new Database(databasePath);
    other.exec("BEGIN IMMEDIATE");
    const heldAt = Date.now();
    const release = setTimeout(() => other.exec("COMMIT"), HOLD_MS);
    try {
      const timed = async <T>(call: Promise<T>) => {
        const answer = await call;
        return { answer, at: Date.now() - heldAt };
      };
      const [move, challenge, listing] = await Promise.all([
        timed(driver.click(mover, game.messageId, house.customId)),
        timed(driver.command("tove", "/nickar challenge opponent:@rhea")),
        timed(driver.command("sami", "/nickar games")),
      ]);
      // Reads do not wait for the lock.
      expect(listing.answer.status, JSON.stringify(listing.answer.body)).toBe(200);
      expect(listing.at).toBeLessThan(HOLD_MS);
      // Writes were acknowledged in time (no 504, no 10062) and answered once the lock was gone.
      for (const { answer, at } of [move, challenge]) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.body.errors).toEqual([]);
        expect(at).toBeGreaterThanOrEqual(HOLD_MS - 100);
        expect(JSON.stringify(answer.body.messages)).not.toContain(translator("en")("errors:database/busy"));
      }
      expect(challenge.answer.body.messages.at(-1).content).toContain("challenges");
      await waitForPly(driver, game.messageId, 1);
      expect(gameRow(database, game.gameId)).toMatchObject({ ply: 1, messageId: game.messageId });
    } finally {
      clearTimeout(release);
      if (other.inTransaction) other.exec("COMMIT");
      other.close();
    }
  }, 120_000);
});
