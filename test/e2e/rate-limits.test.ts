// Discord's rate limits on (429 with retry_after and the X-RateLimit headers): a burst of typed
// moves makes the bot edit the board (a channel message of its own, not the command's answer) faster
// than the channel's bucket allows; the turn notices are the commands' follow-ups, each deleting the
// last. discord.js waits as the headers say; no board update is lost and the last board is right.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameRef, gameRow, moveButtons, type Stack, startGame, startStack, waitFor } from "./harness.ts";

describe("rate limits", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ local: { rateLimits: true } });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it("rate limits - every board update arrives and the last board is right - twelve typed moves in a burst", async () => {
    const { driver, database, playground } = stack;
    const game = await startGame(driver, "ada", "ben", "abapa");
    const app = playground.bot.app;
    const MOVES = 12;
    for (let i = 0; i < MOVES; i++) {
      const { row, state } = app.games.get(game.gameId)!;
      const mover = driver.nameOf(state.position.toMove === 0 ? row.southId : row.northId);
      const answer = await driver.command(mover, `/nickar move house:${state.legalMoves[0]}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const row = gameRow(database, game.gameId)!;
    expect(row.ply).toBe(MOVES);
    // The board catches up through the 429s: it shows the position the database holds.
    const board = await waitFor(
      async () => {
        const message = await driver.message(game.messageId);
        return message && gameRef(message)?.ply === MOVES ? message : undefined;
      },
      "the last board",
      150_000,
    );
    const { state } = app.games.get(game.gameId)!;
    const seeds = moveButtons(board).map((b) => Number(b.label.split(" · ")[1]));
    const player = state.position.toMove;
    expect(seeds).toEqual([1, 2, 3, 4, 5, 6].map((h) => state.position.pits[player === 0 ? h - 1 : h + 5]));
    // The buckets did run dry (discord.js read the headers and waited rather than taking 429s).
    const info = (await driver.call("/local/info")).body;
    expect(info.rateLimits.exhausted).toBeGreaterThan(0);
    // One turn notice at the end, for the player to move (the earlier ones replaced one by one).
    const toMove = player === 0 ? row.southId : row.northId;
    const notices = await waitFor(
      async () => {
        const list = (await driver.messages()).filter((m) =>
          m.content.includes(`your move in game \`${game.gameId}\``),
        );
        return list.length === 1 && list[0].mentions.some((u) => u.id === toMove) ? list : undefined;
      },
      "a single turn notice for the player to move",
      150_000,
    );
    expect(notices[0].mentions.map((u) => u.id)).toEqual([toMove]);
  }, 360_000);
});
