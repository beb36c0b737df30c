// Challenges answered and left to expire, presses by the wrong person, out-of-date and racing
// presses: the real bot through the local Discord, with the real database file.
import type { APIMessage } from "discord-api-types/v10";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { challenges, games } from "../../src/db/schema.ts";
import {
  buttonsOf,
  type Driver,
  gameRef,
  gameRow,
  isEphemeral,
  moveButtons,
  moverOf,
  sharedStack,
  startGame,
  startStack,
  waitFor,
  waitForPly,
} from "./harness.ts";

const DEFAULTS = { timeLimit: 86_400, maxGamesPerPlayer: 10, challengeExpiry: 10 * 60_000 };

/** The one ephemeral message an interaction answer created. */
function privateAnswer(answer: { status: number; body: { messages: APIMessage[] } }): APIMessage {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.messages).toHaveLength(1);
  const [message] = answer.body.messages;
  expect(isEphemeral(message)).toBe(true);
  return message;
}

/** Who can read a message in the channel: `null` stands for reading without `?as=`. */
async function readers(driver: Driver, messageId: string, users: (string | null)[]) {
  const seen: (string | null)[] = [];
  for (const user of users) {
    if ((await driver.messages("games", user ?? undefined)).some((m) => m.id === messageId)) seen.push(user);
  }
  return seen;
}

/** The parts of the game message a press must not change when it is refused. */
const face = (m: APIMessage) => ({ content: m.content, buttons: buttonsOf(m), image: m.attachments[0]?.url });

describe("interactions with one bot", () => {
  const stack = sharedStack();

  it("challenge - declined: the message says so and loses its buttons, no game - decline button", async () => {
    const { driver, database } = stack();
    const [, hank] = await driver.users("gina", "hank");
    const challenge = await driver.command("gina", "/nickar challenge opponent:@hank ruleset:wari");
    expect(challenge.status).toBe(200);
    const messageId: string = challenge.body.messages[0].id;
    expect(buttonsOf(challenge.body.messages[0]).map((b) => b.label)).toEqual(["Accept", "Decline", "Cancel"]);

    // The challenger cannot decline their own challenge; they are told privately.
    const own = privateAnswer(await driver.click("gina", messageId, "Decline"));
    expect(own.content).toBe("Use Cancel to withdraw your own challenge.");

    const declined = await driver.click("hank", messageId, "Decline");
    expect(declined.status).toBe(200);
    const message = (declined.body.messages as APIMessage[]).find((m) => m.id === messageId)!;
    expect(message.content).toBe(`<@${hank}> declined the challenge from <@${driver.idOf("gina")}>.`);
    expect(message.components).toEqual([]);
    // No button is left to press.
    expect((await driver.click("hank", messageId, "Accept")).status).toBe(404);

    const row = database.db.select().from(challenges).where(eq(challenges.messageId, messageId)).get();
    expect(row).toMatchObject({ status: "declined", gameId: null });
    expect(database.db.select().from(games).where(eq(games.northId, hank)).all()).toEqual([]);
  });

  it("click - answered privately with 'not your turn', nothing moves - the opponent presses a house", async () => {
    const { driver, database } = stack();
    const game = await startGame(driver, "ivy", "jack", "abapa");
    // Ivy (South) moves first; Jack presses one of her enabled houses.
    const house = moveButtons(game.message).find((b) => !b.disabled)!;
    const answer = privateAnswer(await driver.click("jack", game.messageId, house.customId));
    expect(answer.content).toBe(`It is not your turn: <@${driver.idOf("ivy")}> is to move.`);
    expect(await readers(driver, answer.id, [null, "ivy", "jack"])).toEqual(["jack"]);

    expect(gameRow(database, game.gameId)).toMatchObject({ ply: 0, moves: "[]", status: "active" });
    expect(face((await driver.message(game.messageId))!)).toEqual(face(game.message));
  });

  it("click - answered privately with 'not your game', nothing moves - someone else presses a house", async () => {
    const { driver, database } = stack();
    const game = await startGame(driver, "kate", "liam", "haiti");
    await driver.users("mona");
    const house = moveButtons(game.message).find((b) => !b.disabled)!;
    const answer = privateAnswer(await driver.click("mona", game.messageId, house.customId));
    expect(answer.content).toBe("This is not your game.");
    expect(await readers(driver, answer.id, [null, "kate", "liam", "mona"])).toEqual(["mona"]);

    // Resign and draw are refused to strangers too.
    const resign = privateAnswer(await driver.click("mona", game.messageId, "Resign"));
    expect(resign.content).toBe("This is not your game.");

    expect(gameRow(database, game.gameId)).toMatchObject({ ply: 0, status: "active", drawOfferBy: null });
    expect(face((await driver.message(game.messageId))!)).toEqual(face(game.message));
  });

  it("click - 'out of date' with the current board privately, no move - a button of an older ply", async () => {
    const { driver, database } = stack();
    const game = await startGame(driver, "nina", "owen", "caribbean");
    const old = moveButtons(game.message).filter((b) => !b.disabled);

    // Two moves, each by the player the message names.
    const moverName = (m: APIMessage) => driver.nameOf(moverOf(m)!.userId);
    let message = game.message;
    for (let i = 0; i < 2; i++) {
      const next = moveButtons(message).find((b) => !b.disabled)!;
      const answer = await driver.click(moverName(message), game.messageId, next.customId);
      expect(answer.status).toBe(200);
      message = (answer.body.messages as APIMessage[]).find((m) => m.id === game.messageId)!;
    }
    const before = gameRow(database, game.gameId)!;
    expect(before.ply).toBe(2);
    const mover = moverName(message);

    // The old button is no longer on the message: a client that still shows it sends it anyway.
    expect((await driver.click(mover, game.messageId, old[0].customId)).status).toBe(404);
    const stale = privateAnswer(await driver.click(mover, game.messageId, old[0].customId, true));
    expect(stale.content).toMatch(/^This board is out of date; here is the current one\.\n/);
    expect(await readers(driver, stale.id, [null, "nina", "owen"])).toEqual([mover]);
    // The private copy is the current board, with working buttons of the current ply.
    expect(gameRef(stale)).toEqual({ gameId: game.gameId, ply: 2 });
    expect(stale.attachments[0]?.content_type).toBe("image/png");
    expect(gameRow(database, game.gameId)).toEqual(before);
    expect(face((await driver.message(game.messageId))!)).toEqual(face(message));

    // Pressing a house on the private copy plays it, and the game message follows.
    const house = moveButtons(stale).find((b) => !b.disabled)!;
    const played = await driver.click(mover, stale.id, house.customId);
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    expect(gameRow(database, game.gameId)!.ply).toBe(3);
    const updated = await waitForPly(driver, game.messageId, 3);
    expect(JSON.parse(gameRow(database, game.gameId)!.moves)).toHaveLength(3);
    expect(updated.content).not.toBe(message.content);
  });

  /** Fires both presses at once and checks that exactly one move was made. */
  /** `refused`: what the press that lost is told. */
  async function race(
    driver: Driver,
    users: [string, string],
    ruleset: string,
    pick: (houses: number[]) => number[],
    refused: RegExp,
  ) {
    const { database } = stack();
    const game = await startGame(driver, users[0], users[1], ruleset);
    const before = (await driver.messages()).length;
    const enabled = moveButtons(game.message).filter((b) => !b.disabled);
    const chosen = pick(enabled.map((b) => b.house)).map((h) => enabled.find((b) => b.house === h)!);
    // Both presses leave from the same view of the board: if the bot's edit lands before the second
    // request is read, that client still shows (and sends) the button of ply 0.
    const answers = await Promise.all(chosen.map((b) => driver.click(users[0], game.messageId, b.customId, true)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);

    // One press moved (it updated the game message), the other was told the board is out of date.
    const updates = answers.filter((a) => a.body.response.ephemeral === false);
    const refusals = answers.filter((a) => a.body.response.ephemeral === true);
    expect(updates).toHaveLength(1);
    expect(refusals).toHaveLength(1);
    expect(privateAnswer(refusals[0]).content).toMatch(refused);

    const row = gameRow(database, game.gameId)!;
    expect(row.ply).toBe(1);
    const moves: number[] = JSON.parse(row.moves);
    expect(moves).toHaveLength(1);
    expect(chosen.map((b) => b.house)).toContain(moves[0]);

    // One narration, of that move, on the game message; no other public message appeared.
    const message = await waitForPly(driver, game.messageId, 1);
    const narrations = message.content.split("\n").filter((line) => / played /.test(line));
    expect(narrations).toHaveLength(1);
    expect(narrations[0]).toMatch(new RegExp(`^<@${row.southId}> played ${String.fromCharCode(64 + moves[0])}\\b`));
    // The new turn notice is posted before the old one is deleted (so the player is never without
    // one): wait for the deletion, then the count is what it was.
    const settled = await waitFor(async () => {
      const now = (await driver.messages()).length;
      return now <= before ? now : undefined;
    }, "the previous turn notice to be deleted");
    expect(settled).toBe(before);
  }

  it("click - exactly one move - the mover presses two houses at the same moment", async () => {
    await race(
      stack().driver,
      ["pia", "quin"],
      "abapa",
      (houses) => [houses[0], houses[houses.length - 1]],
      /^This board is out of date/,
    );
  });

  it("click - exactly one move, the second press told in a word - the same house pressed twice at the same moment", async () => {
    // A double click: the press that lost gets "Already played: C." with no board image.
    await race(
      stack().driver,
      ["rosa", "sam"],
      "bridgetown",
      (houses) => [houses[2], houses[2]],
      /^Already played: [A-F]\.$/,
    );
  });
});

describe("challenges that expire", () => {
  it("challenge - expired: Accept refused, then the scheduler edits the message - manual clock moved on", async () => {
    const clock = manualClock(Date.now());
    const stack = await startStack({ clock, defaults: DEFAULTS });
    try {
      const { driver, database } = stack;
      const [tara, uma] = await driver.users("tara", "uma");
      const challenge = await driver.command("tara", "/nickar challenge opponent:@uma ruleset:speightstown");
      const messageId: string = challenge.body.messages[0].id;
      const expiresAt = Math.floor((clock.now() + DEFAULTS.challengeExpiry) / 1000);
      expect(challenge.body.messages[0].content).toContain(`Expires <t:${expiresAt}:R>.`);

      // The bot binds the message after replying; let it finish before moving the clock.
      const bound = () => database.db.select().from(challenges).where(eq(challenges.messageId, messageId)).get();
      await waitFor(() => bound(), "the challenge message to be bound");
      // At the deadline Accept is refused (whether or not a sweep has marked it expired yet).
      clock.advance(DEFAULTS.challengeExpiry);
      const refused = privateAnswer(await driver.click("uma", messageId, "Accept"));
      expect(refused.content).toMatch(/^This challenge (has|was) expired\.$/);
      expect(database.db.select().from(games).where(eq(games.northId, uma)).all()).toEqual([]);

      // The scheduler sweeps after every handled interaction (and on its timer, which waits on the
      // real clock): any command lets it catch up with the moved clock.
      expect((await driver.command("tara", "/nickar rules")).status).toBe(200);
      const edited = await waitFor(async () => {
        const m = await driver.message(messageId);
        return m?.content.includes("expired") ? m : undefined;
      }, "the challenge message to say it expired");
      expect(edited.content).toBe(`The challenge from <@${tara}> to <@${uma}> expired.`);
      expect(edited.components).toEqual([]);
      expect(bound()).toMatchObject({ status: "expired", gameId: null });
    } finally {
      await stack.stop();
    }
  }, 120_000);

  it("challenge - expired by the scheduler's own timer: no buttons left - short expiry", async () => {
    const stack = await startStack({ defaults: { ...DEFAULTS, challengeExpiry: 1500 } });
    try {
      const { driver, database } = stack;
      const [vic, wes] = await driver.users("vic", "wes");
      const challenge = await driver.command("vic", "/nickar challenge opponent:@wes");
      expect(challenge.status).toBe(200);
      const messageId: string = challenge.body.messages[0].id;
      expect(challenge.body.messages[0].content).toMatch(/\nExpires <t:\d+:R>\.$/);
      // Nobody touches anything: the timer fires and the message is edited.
      const edited = await waitFor(async () => {
        const m = await driver.message(messageId);
        return m?.content.includes("expired") ? m : undefined;
      }, "the challenge message to say it expired");
      expect(edited.content).toBe(`The challenge from <@${vic}> to <@${wes}> expired.`);
      expect(edited.components).toEqual([]);
      expect((await driver.click("wes", messageId, "Accept")).status).toBe(404);
      const row = database.db.select().from(challenges).where(eq(challenges.messageId, messageId)).get();
      expect(row?.status).toBe("expired");
    } finally {
      await stack.stop();
    }
  }, 120_000);
});
