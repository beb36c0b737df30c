import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import type { Messenger } from "../../src/discord/messenger.ts";
import { runDue } from "../../src/discord/scheduler.ts";
import { handleButton } from "../../src/interactions/buttons.ts";
import type { MessageRef, Reply } from "../../src/interactions/reply.ts";
import { ALICE, BOB, CHANNEL, options, setup, type World } from "./helpers.ts";

let w: World;
const logger = pino({ level: "silent" });
let edits: { ref: MessageRef; reply: Reply }[];
let sent: { channelId: string; reply: Reply }[];
const messenger: Messenger = {
  edit: async (ref, reply) => {
    edits.push({ ref, reply });
  },
  send: async (channelId, reply) => {
    sent.push({ channelId, reply });
    return "m";
  },
};

beforeEach(() => {
  w = setup();
  edits = [];
  sent = [];
});
afterEach(() => w.close());

async function challenge(time = "1h") {
  const res = await COMMANDS.challenge.handle(w.ctx(ALICE), options({ opponent: { id: BOB }, first: "me", time }));
  w.app.challenges.bindMessage(res.bind!.id, "challenge-msg");
  return res.bind!.id;
}

describe("deadlines", () => {
  it("scheduler - edits the challenge message - challenge expires", async () => {
    await challenge();
    w.clock.advance(10 * 60_000);
    await runDue(w.app, messenger, logger);
    expect(edits).toHaveLength(1);
    expect(edits[0].ref).toEqual({ channelId: CHANNEL, messageId: "challenge-msg" });
    expect(edits[0].reply.content).toContain("expired");
    expect(edits[0].reply.components).toEqual([]);
  });

  it("scheduler - reminds at half time, then ends on time - after a restart", async () => {
    const challengeId = await challenge("1h");
    const accepted = await handleButton(w.ctx(BOB), { type: "challenge", challengeId, action: "accept" });
    const gameId = accepted.bind!.id;
    const move = (user: string, house: number) =>
      handleButton(w.ctx(user), {
        type: "game",
        gameId,
        ply: w.app.games.get(gameId)!.row.ply,
        action: { kind: "move", house },
      });
    await move(ALICE, 3);
    await move(BOB, 3);

    w.restart();
    w.clock.advance(30 * 60_000);
    await runDue(w.app, messenger, logger);
    expect(sent.map((s) => s.reply.content)).toEqual([expect.stringContaining(`<@${ALICE}>, it is your move`)]);
    expect(sent[0].reply.mentions).toEqual([ALICE]);

    w.restart();
    w.clock.advance(30 * 60_000);
    await runDue(w.app, messenger, logger);
    expect(w.app.games.get(gameId)!.row).toMatchObject({ status: "finished", winner: 1, reason: "timeout" });
    expect(edits.at(-1)?.ref.messageId).toBe("challenge-msg");
    expect(edits.at(-1)?.reply.content).toContain("North wins on time");
    expect(sent.at(-1)?.reply.content).toContain("North wins on time");

    // Nothing is due any more.
    edits = [];
    sent = [];
    await runDue(w.app, messenger, logger);
    expect([...edits, ...sent]).toEqual([]);
  });
});
