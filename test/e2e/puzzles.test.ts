// Puzzles through the local Discord and the real bot (real rendering, the real AI pool): a finished game
// mined in the background; /nickar-puzzle solve played by its buttons, a wrong move answered with its
// refutation and the solution as an animation; the daily puzzle posted in its channel and solved privately from its Solve.
import type { APIMessage } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { puzzleMining } from "../../src/db/schema.ts";
import { moveLetter } from "../../src/engine/index.ts";
import { selfPlayGame } from "../../src/puzzles/core/index.ts";
import { housesOf, linePoints } from "../../src/puzzles/puzzle-line.ts";
import { buttonsOf, startGame, startStack, waitFor } from "./harness.ts";

describe("puzzles", () => {
  it("puzzles - a game mined, a puzzle solved and one failed by buttons, the daily puzzle posted and solved - one server", async () => {
    const stack = await startStack({ puzzleMining: true });
    try {
      const { driver, database } = stack;
      await driver.users("ana", "bob", "admin");

      // A game of 49 moves (game 1 of seed 2, which has one puzzle), then Bob resigns: mined in the background.
      const game = await startGame(driver, "ana", "bob", "abapa");
      // Abapa has no extra moves: South and North alternate.
      for (const [ply, house] of selfPlayGame("abapa", 2, 1).moves.entries()) {
        const moved = await driver.command(
          ply % 2 ? "bob" : "ana",
          `/nickar move house:${moveLetter(ply % 2 ? 1 : 0, house)}`,
        );
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      }
      const app = stack.playground.bot.app;
      if (app.games.get(game.gameId)!.row.status === "active")
        await driver.command("bob", `/nickar resign game:${game.gameId}`);
      expect(app.games.get(game.gameId)!.row.status).toBe("finished");
      const mined = await waitFor(
        () =>
          database.db
            .select()
            .from(puzzleMining)
            .all()
            .find((m) => m.gameId === game.gameId && m.status === "done"),
        "the game mined",
        60_000,
      );
      expect(mined.steps).toBeGreaterThan(0);

      // Ana asks for a puzzle and plays its solution with the buttons.
      const asked = await driver.command("ana", "/nickar-puzzle solve ruleset:abapa");
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      let message = asked.body.messages[0] as APIMessage;
      expect(message.flags! & 64).toBe(64);
      expect(message.attachments[0].content_type).toBe("image/png");
      expect(message.content).toContain("Abapa · you play");
      const tid = tryId(message);
      const attempt = () => app.puzzles.get(tid)!;
      let current = attempt();
      const points = linePoints(current.puzzle);
      while (current.attempt.status === "open") {
        const step = current.attempt.step;
        const house = housesOf(current.puzzle.solution)[step];
        const label = `${moveLetter(points[step].state.position.toMove, house)} ·`;
        const pressed = await driver.click(
          "ana",
          message.id,
          buttonsOf(message).find((b) => b.label?.startsWith(label))!.custom_id!,
        );
        expect(pressed.status, JSON.stringify(pressed.body)).toBe(200);
        message = (pressed.body.messages as APIMessage[]).find((m) => m.id === message.id) ?? message;
        current = attempt();
      }
      expect(message.content).toContain("Solved!");
      expect(message.content).toMatch(/Your Oware Abapa puzzle rating: 1500 → \d+\?/);

      // Bob fails one: why his move fails, then the solution, as an animation.
      const bobs = await driver.command("bob", "/nickar-puzzle solve ruleset:abapa");
      const bobMessage = bobs.body.messages[0] as APIMessage;
      const bobTry = app.puzzles.get(tryId(bobMessage))!;
      const right = housesOf(bobTry.puzzle.solution)[0];
      const wrong = buttonsOf(bobMessage).find(
        (b) => !b.disabled && /^[A-Fa-f] ·/.test(b.label ?? "") && !b.custom_id?.endsWith(`:${right}`),
      )!;
      const failed = await driver.click("bob", bobMessage.id, wrong.custom_id!);
      const shown = (failed.body.messages as APIMessage[]).find((m) => m.id === bobMessage.id)!;
      // Its refutation first (the line after the wrong move), then the solution.
      expect(shown.content).toMatch(/is not it: best play after it goes [A-Fa-f ]+\.[\s\S]*The solution: /);
      expect(shown.attachments[0].content_type).toBe("image/gif");
      expect(buttonsOf(shown).map((b) => b.label)).toContain("Next puzzle");

      // The daily puzzle: its time already passed today, so it is posted at once.
      const set = await driver.command("admin", "/nickar-admin settings daily_puzzle:general daily_puzzle_time:00:00");
      expect(JSON.stringify(set.body)).toContain("Daily puzzle: in <#");
      const post = await waitFor(
        async () => (await driver.messages("general")).find((m) => m.content.includes("Puzzle of the day")),
        "the daily puzzle posted",
      );
      expect(post.attachments[0].content_type).toBe("image/png");
      const solve = await driver.click("bob", post.id, "Solve");
      expect(solve.status, JSON.stringify(solve.body)).toBe(200);
      expect(solve.body.messages[0].content).toContain("Puzzle of the day");
      expect(solve.body.messages[0].flags & 64).toBe(64);
    } finally {
      await stack.stop();
    }
    // The game's mining (its line, its refutations) waits for a quiet bot and runs below normal priority: on
    // a loaded machine it takes tens of seconds, which the wait above allows (60 s); the result is checked.
  }, 120_000);

  it("puzzles - another puzzle while a rated one is open asks first, then the open one's buttons go - through the token", async () => {
    const stack = await startStack();
    try {
      const { driver } = stack;
      await driver.users("ana");
      const first = (await driver.command("ana", "/nickar-puzzle solve ruleset:wari")).body.messages[0] as APIMessage;
      const asked = await driver.command("ana", "/nickar-puzzle solve ruleset:wari");
      const question = asked.body.messages[0] as APIMessage;
      expect(question.content).toContain("still open");
      expect(question.flags! & 64).toBe(64);
      // Nothing counted yet: the open puzzle's buttons are still there.
      expect(buttonsOf((await driver.message(first.id, "games", "ana"))!).length).toBeGreaterThan(0);
      const confirmed = await driver.click("ana", question.id, "Count it as missed and give me a new one");
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const missed = await waitFor(async () => {
        const now = await driver.message(first.id, "games", "ana");
        return now && buttonsOf(now).length === 0 ? now : undefined;
      }, "the missed try's buttons taken off");
      expect(missed.content).toContain("counted as missed");
      const fresh = (await driver.message(question.id, "games", "ana"))!;
      expect(fresh.content).toContain("Wari · you play");
    } finally {
      await stack.stop();
    }
  });
});

/** The try's id, read from the first house button's custom id (`pz:<try>:<step>:<house>`). */
function tryId(message: APIMessage): string {
  const first = buttonsOf(message).find((b) => b.custom_id?.startsWith("pz:"))!;
  return first.custom_id!.split(":")[1];
}
