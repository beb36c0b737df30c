// The half-time reminder is one of the game's notices: the next notice of the game (the ending on time, or the
// turn notice after a move) deletes it, so it never stays in the channel after the turn it was about.
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import type { Messenger } from "../../src/discord/messenger.ts";
import { Notices } from "../../src/discord/notices.ts";
import { runDue } from "../../src/discord/scheduler.ts";
import type { Reply } from "../../src/interactions/reply.ts";
import { ALICE, BOB, options, setup, type World } from "../support/helpers.ts";
import { startGame } from "../support/play.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

const logger = pino({ level: "silent" });
/** How the reminder begins, after the player's mention (notices:reminder.due). */
const REMINDER = ", it is your move in game";

/** Channel posts by id and text, and the ids deleted; while `hold.until` is set, posts wait for it (Discord slow). */
function channel() {
  const posts = new Map<string, string>();
  const deleted: string[] = [];
  const hold: { until: Promise<void> | null } = { until: null };
  const messenger: Messenger = {
    edit: async () => {},
    send: async (_channelId: string, reply: Reply) => {
      await hold.until;
      const id = `m${posts.size + 1}`;
      posts.set(id, reply.content);
      return id;
    },
    direct: async () => null,
    remove: async (ref) => void deleted.push(ref.messageId),
  };
  const notices = new Notices(w.db(), w.app.players, messenger, w.clock, logger);
  const idOf = (text: string) => [...posts].find(([, content]) => content.includes(text))?.[0];
  return { messenger, notices, deleted, idOf, hold };
}

describe("half-time reminder", () => {
  it("reminder - deleted by the ending notice - time runs out after it", async () => {
    const { messenger, notices, deleted, idOf } = channel();
    const gameId = await startGame(w, ALICE, BOB, { time: "1h" });
    w.app.games.bindMessage(gameId, "200", "board");
    await COMMANDS.move.handle(w.ctx(ALICE), options({ house: "C", game: gameId }));
    await COMMANDS.move.handle(w.ctx(BOB), options({ house: "c", game: gameId }));
    w.clock.advance(31 * 60_000);
    await runDue(w.app, messenger, logger, { notices });
    const reminder = idOf(REMINDER);
    expect(reminder).toBeDefined();
    expect(deleted).not.toContain(reminder);

    w.clock.advance(30 * 60_000);
    await runDue(w.app, messenger, logger, { notices });
    expect(idOf("ran out of time")).toBeDefined();
    expect(deleted).toContain(reminder);
  });

  it("reminder - not posted once the player has moved - the move comes while a notice of the game is being sent", async () => {
    const { messenger, notices, idOf, hold } = channel();
    const gameId = await startGame(w, ALICE, BOB, { time: "1h" });
    w.app.games.bindMessage(gameId, "200", "board");
    await COMMANDS.move.handle(w.ctx(ALICE), options({ house: "C", game: gameId }));
    w.clock.advance(31 * 60_000);
    // Bob's turn notice is on its way and Discord is slow: the reminder the sweep finds waits behind it...
    let release = () => {};
    hold.until = new Promise((resolve) => {
      release = resolve;
    });
    const turn = notices.post({ key: `game:${gameId}`, channelId: "200", users: [BOB], text: "it is your move" });
    const swept = runDue(w.app, messenger, logger, { notices });
    // ...and Bob moves meanwhile.
    await COMMANDS.move.handle(w.ctx(BOB), options({ house: "c", game: gameId }));
    hold.until = null;
    release();
    await Promise.all([turn, swept]);
    expect(idOf(REMINDER)).toBeUndefined();
  });
});
