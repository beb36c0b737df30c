// Playing Nickar itself end to end: the real bot (discord.js, SQLite, renderer, the AI pool's worker
// threads) against the local Discord, driven over the driver API as a person would.
import type { APIMessage } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { newGame, replay } from "../../src/engine/index.ts";
import {
  buttonsOf,
  type Driver,
  gameRef,
  gameRow,
  isEphemeral,
  moveButtons,
  moverOf,
  type Stack,
  sharedStack,
  startStack,
  waitFor,
} from "./harness.ts";

/** Plays `player`'s first legal house whenever it is their move, waiting for Nickar's answers, to the end. */
async function playToTheEnd(stack: Stack, messageId: string, player: string): Promise<{ thinking: number }> {
  const { driver, database } = stack;
  let thinking = 0;
  for (let i = 0; i < 300; i++) {
    const message = (await driver.message(messageId))!;
    const ref = gameRef(message)!;
    const row = gameRow(database, ref.gameId)!;
    if (row.status !== "active") return { thinking };
    if (message.content.includes("Nickar is thinking…")) {
      // Nickar's move arrives as an edit of the same message.
      await waitFor(async () => gameRef((await driver.message(messageId))!)!.ply > ref.ply, "Nickar's move");
      continue;
    }
    expect(moverOf(message)?.userId).toBe(driver.idOf(player));
    const house = moveButtons(message).find((b) => !b.disabled)!;
    const answer = await driver.click(player, messageId, house.customId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const after = (answer.body.messages as APIMessage[]).find((m) => m.id === messageId)!;
    if (after.content.includes("Nickar is thinking…")) thinking++;
  }
  throw new Error("the game did not end");
}

function labels(message: APIMessage): string[] {
  return buttonsOf(message).map((b) => b.label ?? "");
}

async function start(driver: Driver, user: string, text: string): Promise<{ messageId: string; message: APIMessage }> {
  await driver.users(user);
  const answer = await driver.command(user, text);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const message = answer.body.messages[0] as APIMessage;
  return { messageId: message.id, message };
}

describe("playing Nickar through the local Discord", () => {
  const stack = sharedStack();

  it("computer game - played to the end by buttons, Nickar answering each move - /nickar play", async () => {
    const { driver, database } = stack();
    const { messageId, message } = await start(driver, "rosa", "/nickar play level:easy ruleset:abapa first:me");
    expect(message.content).toContain("unrated · Nickar easy");
    expect(labels(message)).toContain("Hint");
    const { thinking } = await playToTheEnd(stack(), messageId, "rosa");
    expect(thinking).toBeGreaterThan(0);
    // Nickar's last move may be the one that ended it: its edit follows the write.
    const final = await waitFor(async () => {
      const m = await driver.message(messageId);
      return m && labels(m).includes("Analyse") ? m : undefined;
    }, "the final board");
    const row = gameRow(database, gameRef(final)!.gameId)!;
    expect(row).toMatchObject({ status: "finished", level: "easy", rated: false });
    // Every move of both sides replays in the engine: Nickar never played an illegal one.
    const replayed = replay(newGame("abapa"), JSON.parse(row.moves));
    expect(replayed.ok && replayed.value.outcome.over).toBe(true);
    expect(labels(final)).toEqual(["Animate", "Rematch", "Analyse"]);

    // The analysis: queued, progress, then the result with its chart on the same message.
    const asked = await driver.click("rosa", messageId, "Analyse");
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const analysisId = (asked.body.messages as APIMessage[]).find((m) => m.id !== messageId)!.id;
    const result = await waitFor(async () => {
      const m = await driver.message(analysisId);
      return m?.content.startsWith("**Analysis of") ? m : undefined;
    }, "the analysis result");
    expect(result.content).toMatch(/South <@\d+>: average loss \d+\.\d\d seeds/);
    expect(result.attachments[0]).toMatchObject({ content_type: "image/png", width: 800, height: 300 });
    // A second request is answered from the stored analysis at once.
    const again = await driver.command("rosa", `/nickar analyse game:${row.id}`);
    expect(again.status).toBe(200);
    expect(again.body.messages[0].content).toContain("**Analysis of");
    // The viewer shows the evaluation at each move.
    const viewer = await driver.command("rosa", `/nickar game id:${row.id} move:3`);
    expect(viewer.body.messages[0].content).toMatch(/Evaluation: [-+]?\d+\.\d/);
  }, 180_000);

  it("challenge @Nickar - the game starts at once and Nickar moves first - first:them", async () => {
    const { driver } = stack();
    const { messageId, message } = await start(
      driver,
      "sami",
      "/nickar challenge opponent:@Nickar level:medium ruleset:haiti first:them",
    );
    expect(message.content).toContain("Nickar is thinking…");
    expect(labels(message)).not.toContain("Accept");
    const moved = await waitFor(async () => {
      const m = await driver.message(messageId);
      return m && gameRef(m)!.ply >= 1 ? m : undefined;
    }, "Nickar's first move");
    expect(moverOf(moved)?.userId).toBe(driver.idOf("sami"));

    // A hint, privately, for the player to move.
    const hint = await driver.click("sami", messageId, "Hint");
    expect(hint.status, JSON.stringify(hint.body)).toBe(200);
    const answer = (hint.body.messages as APIMessage[])[0];
    expect(isEphemeral(answer)).toBe(true);
    expect(answer.content).toMatch(/^Hint: play \*\*1… [a-f]\*\*: /);

    // Resigning against Nickar works as against anyone.
    const resign = await driver.click("sami", messageId, "Resign");
    const confirm = (resign.body.messages as APIMessage[])[0];
    const done = await driver.click("sami", confirm.id, "Yes, resign");
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await waitFor(async () => (await driver.message(messageId))?.content.includes("resign"), "the resignation");
  }, 120_000);
});

describe("Nickar thinking for a while", () => {
  it("interaction - answered while Nickar thinks - a command during a 5 s search", async () => {
    const stack = await startStack({ computer: { moveMs: 5_000 } });
    try {
      const { driver, database } = stack;
      const { messageId } = await start(driver, "tara", "/nickar play level:expert ruleset:abapa first:me");
      const first = moveButtons((await driver.message(messageId))!).find((b) => !b.disabled)!;
      const moved = await driver.click("tara", messageId, first.customId);
      expect(moved.status).toBe(200);
      const gameId = gameRef((await driver.message(messageId))!)!.gameId;
      // While the search runs in a worker thread, the bot still answers at once.
      const listing = await driver.command("tara", "/nickar games");
      expect(listing.status, JSON.stringify(listing.body)).toBe(200);
      expect(gameRow(database, gameId)!.ply).toBe(1);
      await waitFor(async () => gameRow(database, gameId)!.ply === 2, "Nickar's move after its search");
    } finally {
      await stack.stop();
    }
  }, 120_000);
});
