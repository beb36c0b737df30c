import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import type { Messenger } from "../../src/discord/messenger.ts";
import { runDue } from "../../src/discord/scheduler.ts";
import { gameMessage } from "../../src/games/views/game-message.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import { DAY, GUILD, HOUR, options, setup, type World } from "../support/helpers.ts";
import { buttonIds, finish } from "../support/play.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

/** Six players; they join in this order, so P[0] is on rung 1. */
const P = ["4001", "4002", "4003", "4004", "4005", "4006"];

const rungs = () => w.app.ladders.show({ guildId: GUILD, ruleset: "abapa" }).rungs.map((r) => r.userId);

async function ladderOn(): Promise<void> {
  await COMMANDS["nickar-admin settings"].handle(w.ctx("admin", { canManageGuild: true }), options({ ladder: true }));
  for (const p of P) await COMMANDS["ladder join"].handle(w.ctx(p), options());
}

async function ladderChallenge(from: string, to: string) {
  const res = await COMMANDS["ladder challenge"].handle(w.ctx(from), options({ opponent: { id: to } }));
  w.app.challenges.bindMessage(res.bind!.id, `msg-${res.bind!.id}`);
  return res;
}

/** `from` challenges `to` on the ladder, `to` accepts; returns the game id. */
async function ladderGame(from: string, to: string): Promise<string> {
  const res = await ladderChallenge(from, to);
  const accepted = await handleButton(w.ctx(to), { type: "challenge", challengeId: res.bind!.id, action: "accept" });
  expect(accepted.reply.content).toContain("ladder game");
  return accepted.bind!.id;
}

const winnerIs = (gameId: string, userId: string) =>
  w.app.games.get(gameId)!.row.southId === userId ? "south" : "north";

describe("challenge ladder", () => {
  it("ladder - refused while switched off - join before the setting", async () => {
    await expect(async () => COMMANDS["ladder join"].handle(w.ctx(P[0]), options())).rejects.toMatchObject({
      code: "ladder/off",
    });
    await expect(async () => COMMANDS["ladder show"].handle(w.ctx(P[0]), options())).rejects.toMatchObject({
      code: "ladder/off",
    });
  });

  it("ladder - newcomers join at the bottom and can leave - join, show, leave", async () => {
    await ladderOn();
    expect(rungs()).toEqual(P);
    const again = await COMMANDS["ladder join"].handle(w.ctx(P[2]), options());
    expect(again.reply).toMatchObject({ ephemeral: true, content: expect.stringContaining("rung 3") });
    const shown = await COMMANDS["ladder show"].handle(w.ctx(P[0]), options());
    expect(shown.reply.content).toContain("**Oware Abapa ladder**");
    expect(shown.reply.content).toContain("`  6.` <@4006>");
    expect(await shown.reply.image!()).toMatchObject({ name: "nickar-ladder-abapa.png" });
    await COMMANDS["ladder leave"].handle(w.ctx(P[1]), options());
    expect(rungs()).toEqual([P[0], P[2], P[3], P[4], P[5]]);
    await expect(async () => COMMANDS["ladder leave"].handle(w.ctx(P[1]), options())).rejects.toMatchObject({
      code: "ladder/not-joined",
    });
    // Each ruleset has its own ladder.
    await COMMANDS["ladder join"].handle(w.ctx(P[5]), options({ ruleset: "haiti" }));
    expect(w.app.ladders.show({ guildId: GUILD, ruleset: "haiti" }).rungs.map((r) => r.userId)).toEqual([P[5]]);
  });

  it("ladder challenge - refused - beyond three rungs, below, off the ladder, no opponent", async () => {
    await ladderOn();
    const refused = (from: string, to: string) =>
      expect(async () => COMMANDS["ladder challenge"].handle(w.ctx(from), options({ opponent: { id: to } }))).rejects;
    await refused(P[4], P[0]).toMatchObject({ code: "ladder/out-of-reach" });
    await refused(P[1], P[3]).toMatchObject({ code: "ladder/not-above" });
    await refused("4999", P[0]).toMatchObject({ code: "ladder/not-on-ladder" });
    await refused(P[3], "4999").toMatchObject({ code: "ladder/target-not-on-ladder" });
    const res = await ladderChallenge(P[4], P[1]);
    expect(res.reply.content).toContain("a **ladder game** of");
    expect(res.reply.content).toContain("declining or not answering counts as a loss");
  });

  it("ladder game - the lower winner takes the rung and those between move down - rung 5 beats rung 2", async () => {
    await ladderOn();
    const id = await ladderGame(P[4], P[1]);
    expect(w.app.games.get(id)!.row.ladderChallengerId).toBe(P[4]);
    await finish(w, id, winnerIs(id, P[4]));
    expect(rungs()).toEqual([P[0], P[4], P[1], P[2], P[3], P[5]]);
    // The game was rated like any other.
    expect(w.app.ratings.stats(GUILD, "abapa", P[4]).standing?.games).toBe(1);
    // The game's final message says what happened on the ladder, and the ladder marks who moved.
    const ended = gameMessage(w.app, w.app.games.get(id)!).content;
    expect(ended).toContain(`Ladder: <@${P[4]}> takes rung 2 from <@${P[1]}>, who moves down to rung 3.`);
    const shown = await COMMANDS["ladder show"].handle(w.ctx(P[0]), options());
    expect(shown.reply.content).toContain(`\`  2.\` <@${P[4]}> ▲ took rung 2`);
    expect(shown.reply.content).toContain(`\`  3.\` <@${P[1]}> ▼ down 1`);
    const image = await shown.reply.image!();
    expect(image?.description).toMatch(/; 2\. player 2 \(\d+\?, took rung 2\); 3\. player 3 \(\d+\?, down 1\);/);
  });

  it("ladder game - nothing moves - the defender wins or draws", async () => {
    await ladderOn();
    const won = await ladderGame(P[3], P[2]);
    await finish(w, won, winnerIs(won, P[2]));
    const drawn = await ladderGame(P[3], P[2]);
    await finish(w, drawn, "draw");
    expect(rungs()).toEqual(P);
  });

  it("ladder game - cannot be aborted and time counts from the first move - committed game", async () => {
    await ladderOn();
    const id = await ladderGame(P[5], P[4]);
    await expect(async () => COMMANDS.abort.handle(w.ctx(P[4]), options())).rejects.toMatchObject({
      code: "abort/committed",
    });
    // The test's random colour puts the challenger South; they never move and lose on time (no abort).
    expect(w.app.games.get(id)!.row.southId).toBe(P[5]);
    w.clock.advance(w.app.games.get(id)!.row.timeLimit * 1000);
    w.app.games.sweep();
    expect(w.app.games.get(id)!.row).toMatchObject({ status: "finished", reason: "timeout", winner: 1 });
    expect(rungs()).toEqual(P);
    expect(w.app.ratings.stats(GUILD, "abapa", P[4]).standing?.wins).toBe(1);
  });

  it("ladder challenge - counts as a loss - declined", async () => {
    await ladderOn();
    const res = await ladderChallenge(P[3], P[0]);
    const declined = await handleButton(w.ctx(P[0]), {
      type: "challenge",
      challengeId: res.bind!.id,
      action: "decline",
    });
    // Declining is a loss on the ladder: it asks first, and nothing moves until confirmed.
    expect(declined.reply).toMatchObject({ ephemeral: true, content: expect.stringContaining("counts as a loss") });
    expect(rungs()).toEqual(P);
    const confirm = declined.reply.components?.[0].components[0];
    expect(confirm && "custom_id" in confirm ? confirm.custom_id : "").toBe(`c:${res.bind!.id}:confirm-decline`);
    const done = await handleButton(w.ctx(P[0]), {
      type: "challenge",
      challengeId: res.bind!.id,
      action: "confirm-decline",
    });
    expect(done.reply.content).toContain("counts as a loss on the ladder");
    expect(done.edits?.[0].reply.content).toContain(`counts as a loss for <@${P[0]}>`);
    expect(rungs()).toEqual([P[3], P[0], P[1], P[2], P[4], P[5]]);
  });

  it("ladder challenge - counts as a loss - not answered in 48 hours", async () => {
    await ladderOn();
    const res = await ladderChallenge(P[2], P[1]);
    expect(buttonIds(res)).toHaveLength(3);
    const edits: string[] = [];
    const messenger: Messenger = {
      edit: async (_ref, reply) => {
        edits.push(reply.content);
      },
      send: async () => "m",
      direct: async () => null,
      remove: async () => {},
    };
    const logger = pino({ level: "silent" });
    w.clock.advance(47 * HOUR);
    await runDue(w.app, messenger, logger);
    expect(rungs()).toEqual(P);
    w.clock.advance(HOUR);
    await runDue(w.app, messenger, logger);
    expect(edits).toEqual([expect.stringContaining(`expired. On the ladder that counts as a loss for <@${P[1]}>`)]);
    expect(rungs()).toEqual([P[0], P[2], P[1], P[3], P[4], P[5]]);
  });

  it("ladder - inactive players drop off and those below move up - after the configured days", async () => {
    await ladderOn();
    await COMMANDS["nickar-admin settings"].handle(
      w.ctx("admin", { canManageGuild: true }),
      options({ ladder_inactive_days: 10 }),
    );
    w.clock.advance(6 * DAY);
    // P[4] and P[1] stay active: a game between them, and P[5] rejoins (which counts as activity).
    const id = await ladderGame(P[4], P[1]);
    await COMMANDS["ladder join"].handle(w.ctx(P[5]), options());
    w.clock.advance(5 * DAY);
    const shown = await COMMANDS["ladder show"].handle(w.ctx(P[0]), options());
    expect(rungs()).toEqual([P[1], P[4], P[5]]);
    expect(shown.reply.content).toContain(`Dropped for inactivity: <@${P[0]}>, <@${P[2]}>, <@${P[3]}>`);
    // A game in progress keeps its players on the ladder however long it takes (no sweep runs here).
    w.clock.advance(30 * DAY);
    expect(rungs()).toEqual([P[1], P[4]]);
    expect(w.app.games.get(id)!.row.status).toBe("active");
  });
});
