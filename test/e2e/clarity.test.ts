/**
 * Clear at a glance, through the real bot and the local Discord: animations that open and end on the
 * current position, aborts that say who and why, draw offers and ladder declines that ask, ids that can
 * be typed in any case or picked from suggestions, and alt text on every image.
 */
import type { APIMessage } from "discord-api-types/v10";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { asPng, decodeGif } from "../render/gif-decode.ts";
import { diffPixels } from "../render/golden.ts";
import { buttonsOf, gameRow, isEphemeral, moveButtons, moverOf, sharedStack, startGame, waitFor } from "./harness.ts";

const stack = sharedStack();

async function download(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** The answer's messages, and the one private to `user` (the answer to their command or click). */
function answerOf(body: { messages: APIMessage[] }): APIMessage {
  return body.messages[0];
}

describe("clear at a glance", () => {
  it("animations - the GIF plays once and opens and ends on the current position with the right player to move - a move with animations on", async () => {
    const { driver } = stack();
    await driver.users("admin");
    expect((await driver.command("admin", "/nickar-admin settings animations:true")).status).toBe(200);
    try {
      const game = await startGame(driver, "ada", "kofi", "abapa");
      const house = moveButtons(game.message).find((b) => !b.disabled)!;
      const moved = await driver.click("ada", game.messageId, house.customId);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const message = (moved.body.messages as APIMessage[]).find((m) => m.id === game.messageId)!;
      expect(moverOf(message)?.userId).toBe(driver.idOf("kofi"));
      const [attachment] = message.attachments;
      expect(attachment.content_type).toBe("image/gif");
      expect(attachment.description).toMatch(/Last move: ada played [A-F].* kofi to move\./);
      const gif = decodeGif(await download(attachment.url));
      expect(gif.loop).toBeNull();

      // The still of the same position, as the viewer draws it: the first and the last frame show it.
      const viewer = await driver.command("kofi", `/nickar game id:${game.gameId} move:1`);
      expect(viewer.status).toBe(200);
      const still = PNG.sync.read(await download(answerOf(viewer.body).attachments[0].url));
      for (const frame of [gif.frames[0], gif.frames[gif.frames.length - 1]]) {
        const diff = diffPixels(asPng(frame.rgba, gif.width, gif.height), still, 0.2);
        expect(diff.differing / diff.total).toBeLessThan(0.001);
      }
      const replay = diffPixels(asPng(gif.frames[1].rgba, gif.width, gif.height), still, 0.2);
      expect(replay.differing / replay.total).toBeGreaterThan(0.001);
    } finally {
      await driver.command("admin", "/nickar-admin settings animations:false");
    }
  });

  it("abort - the board and a new message to both say who and why - before both players moved", async () => {
    const { driver } = stack();
    const game = await startGame(driver, "bea", "cyd", "wari");
    const answer = await driver.command("cyd", "/nickar abort");
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const board = await waitFor(async () => {
      const m = await driver.message(game.messageId);
      return m?.content.includes("Game aborted") ? m : undefined;
    }, "the aborted board");
    expect(board.content).toContain(
      "**Game aborted: called off before both players had moved: no result, ratings unchanged**",
    );
    const told = await waitFor(
      async () =>
        (await driver.messages()).find((m) => m.content.includes(`<@${driver.idOf("cyd")}> aborted the game.`)),
      "the ending notice",
    );
    expect(
      told.content.startsWith(`<@${driver.idOf("bea")}> <@${driver.idOf("cyd")}> game \`${game.gameId}\` is over`),
    ).toBe(true);
    expect(told.mentions.map((u) => u.id).sort()).toEqual([driver.idOf("bea"), driver.idOf("cyd")].sort());
  });

  it("draw offer - pings the opponent in a new message with Accept draw and Decline - accepted", async () => {
    const { driver, database } = stack();
    const game = await startGame(driver, "dee", "eli", "caribbean");
    const draw = buttonsOf(game.message).find((b) => b.label === "Offer draw")!;
    const offered = await driver.click("dee", game.messageId, draw.custom_id!);
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    const ask = (await driver.messages()).find((m) =>
      m.content.includes(`<@${driver.idOf("dee")}> offers you a draw`),
    )!;
    expect(ask.content.startsWith(`<@${driver.idOf("eli")}>`)).toBe(true);
    expect(ask.mentions.map((u) => u.id)).toContain(driver.idOf("eli"));
    expect(buttonsOf(ask).map((b) => b.label)).toEqual(["Accept draw", "Decline"]);
    const accepted = await driver.click("eli", ask.id, "Accept draw");
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(gameRow(database, game.gameId)).toMatchObject({ status: "finished", winner: null, reason: "agreement" });
    const board = await waitFor(async () => {
      const m = await driver.message(game.messageId);
      return m?.content.includes("Draw by agreement") ? m : undefined;
    }, "the drawn board");
    expect(board.content).toContain("**Draw by agreement: before any capture**");
  });

  it("ladder decline - asks first, then counts as a loss - challenged player declines", async () => {
    const { driver } = stack();
    await driver.users("admin", "fay", "gus");
    expect((await driver.command("admin", "/nickar-admin settings ladder:true")).status).toBe(200);
    expect((await driver.command("fay", "/nickar ladder join")).status).toBe(200);
    expect((await driver.command("gus", "/nickar ladder join")).status).toBe(200);
    const challenge = await driver.command("gus", "/nickar ladder challenge opponent:@fay");
    expect(challenge.status, JSON.stringify(challenge.body)).toBe(200);
    const message: APIMessage = challenge.body.messages[0];
    const asked = await driver.click("fay", message.id, "Decline");
    expect(asked.status).toBe(200);
    const question = answerOf(asked.body);
    expect(isEphemeral(question)).toBe(true);
    expect(question.content).toContain("Decline this ladder challenge? On the ladder it counts as a loss");
    expect((await driver.message(message.id))?.content).toContain("challenges");
    const confirmed = await driver.click("fay", question.id, "Yes, decline (a ladder loss)");
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const declined = await waitFor(async () => {
      const m = await driver.message(message.id);
      return m?.content.includes("declined") ? m : undefined;
    }, "the declined challenge");
    expect(declined.content).toContain(`counts as a loss for <@${driver.idOf("fay")}>`);
    const ladder = await driver.command("gus", "/nickar ladder show");
    expect(answerOf(ladder.body).content).toMatch(new RegExp(`\`  1\\.\` <@${driver.idOf("gus")}>`));
  });

  it("game ids - suggested (your games first) and found when typed in another case - game and export", async () => {
    const { driver } = stack();
    const game = await startGame(driver, "hal", "ida", "haiti");
    const suggested = await driver.call("/local/autocomplete", {
      user: "hal",
      channel: "games",
      text: "/nickar game id:",
      focused: "id",
    });
    expect(suggested.status, JSON.stringify(suggested.body)).toBe(200);
    const choices = suggested.body.choices as { name: string; value: string }[];
    expect(choices[0].value).toBe(game.gameId);
    expect(choices[0].name).toMatch(new RegExp(`^${game.gameId} · Haitian Warri \\(Kay\\) · you vs ida · `));
    const typed = await driver.command("ida", `/nickar game id:${game.gameId.toUpperCase()}`);
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(answerOf(typed.body).content).toContain(`**Game \`${game.gameId}\`**`);
    const exported = await driver.command("ida", `/nickar export id:${game.gameId.toUpperCase()}`);
    expect(exported.status).toBe(200);
    // A text file, as Discord types it by its extension (its first line "[Event …" once made it application/json).
    expect(answerOf(exported.body).attachments[0]).toMatchObject({
      filename: `nickar-${game.gameId}.txt`,
      content_type: "text/plain; charset=utf-8",
    });
  });

  it("alt text - every image in the channel has a description - after the tests above", async () => {
    const { driver } = stack();
    const seen: APIMessage[] = [];
    for (const as of [undefined, "ada", "kofi", "hal", "ida", "gus"])
      seen.push(...(await driver.messages("games", as)));
    const images = seen.flatMap((m) => m.attachments).filter((a) => a.content_type?.startsWith("image/"));
    expect(images.length).toBeGreaterThan(5);
    for (const image of images) {
      expect(image.description, image.filename).toBeTruthy();
      expect(image.description!.length).toBeLessThanOrEqual(1024);
    }
  });
});
