// Every way a game ends replaces the game's notice (the turn notice, a draw offer with live buttons) with its
// ending notice, which tells the players how it ended: one table, each row a path through the real handlers,
// the real scheduler and the real notice board (with a recording messenger), on a real SQLite database.
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import type { Messenger } from "../../src/discord/messenger.ts";
import { Notices } from "../../src/discord/notices.ts";
import { runDue } from "../../src/discord/scheduler.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import type { GameAction } from "../../src/interactions/custom-id.ts";
import type { Reply, Response } from "../../src/interactions/reply.ts";
import { ALICE, BOB, CAROL, options, setup, sharedPool, type World } from "../support/helpers.ts";
import { acceptedChallenge, startGame } from "../support/play.ts";

const NICKAR = "999";
const logger = pino({ level: "silent" });
const pool = sharedPool();

let w: World;
beforeEach(() => {
  w = setup(() => 0.1, undefined, {
    bots: new Set([NICKAR]),
    computer: { pool: pool(), moveMs: 20, hintMs: 20, analysisMs: 20, seed: 7 },
  });
});
afterEach(() => w.close());

/** The channel as the notice board leaves it: every message posted, by id, and the ones deleted since. */
function channel() {
  const posted = new Map<string, Reply>();
  const deleted = new Set<string>();
  const messenger: Messenger = {
    edit: async () => {},
    send: async (_channelId, reply) => {
      const id = `m${posted.size + 1}`;
      posted.set(id, reply);
      return id;
    },
    direct: async () => null,
    remove: async (ref) => void deleted.add(ref.messageId),
  };
  const notices = new Notices(w.db(), w.app.players, messenger, w.clock, logger);
  return {
    messenger,
    notices,
    /** Posts a response's notices as the router does. */
    async deliver(res: Response) {
      for (const notice of res.notices ?? []) await notices.post(notice);
    },
    shown: () => [...posted].filter(([id]) => !deleted.has(id)).map(([, reply]) => reply),
  };
}
type Channel = ReturnType<typeof channel>;

const press = (userId: string, gameId: string, action: GameAction) =>
  handleButton(w.ctx(userId), { type: "game", gameId, ply: w.app.games.get(gameId)!.row.ply, action });

/** Alice (South) against Bob; Alice moves C, so Bob's turn notice is on display. */
async function aliceMoved(ch: Channel, values: Parameters<typeof options>[0] = {}): Promise<string> {
  const gameId = await startGame(w, ALICE, BOB, values);
  w.app.games.bindMessage(gameId, "200", `board-${gameId}`);
  await ch.deliver(await press(ALICE, gameId, { kind: "move", house: 3 }));
  return gameId;
}

interface Ending {
  readonly path: string;
  /** Sets the game up (its earlier notices delivered), ends it, delivers what the ending sends; the game's id. */
  readonly end: (ch: Channel) => Promise<string>;
  /** Who the ending notice mentions. */
  readonly told: readonly string[];
}

const ENDINGS: readonly Ending[] = [
  {
    path: "the Resign button, confirmed",
    told: [ALICE, BOB],
    end: async (ch) => {
      const id = await aliceMoved(ch);
      await ch.deliver(await press(BOB, id, { kind: "resign-confirm" }));
      return id;
    },
  },
  {
    path: "/nickar resign",
    told: [ALICE, BOB],
    end: async (ch) => {
      const id = await aliceMoved(ch);
      await ch.deliver(await COMMANDS.resign.handle(w.ctx(BOB), options({ game: id })));
      return id;
    },
  },
  {
    path: "/nickar series resign",
    told: [ALICE, BOB],
    end: async (ch) => {
      const accepted = await acceptedChallenge(w, ALICE, BOB, {}, "series challenge");
      const id = accepted.bind!.id;
      await ch.deliver(accepted);
      await ch.deliver(await press(ALICE, id, { kind: "move", house: 3 }));
      await ch.deliver(await COMMANDS["series resign"].handle(w.ctx(BOB), options({})));
      return id;
    },
  },
  {
    path: "forget-me, confirmed (the forgotten player is not pinged)",
    told: [ALICE],
    end: async (ch) => {
      const id = await aliceMoved(ch);
      await COMMANDS["forget-me"].handle(w.ctx(BOB), options({}));
      await ch.deliver(await handleButton(w.ctx(BOB), { type: "forget", userId: BOB, confirm: true }));
      return id;
    },
  },
  {
    path: "a draw offered and accepted (the offer's buttons on display)",
    told: [ALICE, BOB],
    end: async (ch) => {
      const id = await aliceMoved(ch);
      await ch.deliver(await press(BOB, id, { kind: "move", house: 3 }));
      await ch.deliver(await press(ALICE, id, { kind: "draw" }));
      expect(ch.shown().some((m) => (m.components ?? []).length > 0)).toBe(true);
      await ch.deliver(await press(BOB, id, { kind: "draw-accept" }));
      return id;
    },
  },
  {
    path: "/nickar abort",
    told: [ALICE, BOB],
    end: async (ch) => {
      const id = await aliceMoved(ch);
      await ch.deliver(await COMMANDS.abort.handle(w.ctx(ALICE), options({ game: id })));
      return id;
    },
  },
  {
    path: "an admin's /nickar-admin cancel",
    told: [ALICE, BOB],
    end: async (ch) => {
      const id = await aliceMoved(ch);
      const admin = w.ctx(CAROL, { canManageGuild: true });
      await ch.deliver(await COMMANDS["nickar-admin cancel"].handle(admin, options({ game: id, reason: "a test" })));
      return id;
    },
  },
  {
    path: "a time-out, found by the scheduler",
    told: [ALICE, BOB],
    end: async (ch) => {
      const id = await aliceMoved(ch, { time: "1h" });
      await ch.deliver(await press(BOB, id, { kind: "move", house: 3 }));
      w.clock.advance(2 * 60 * 60_000);
      await runDue(w.app, ch.messenger, logger, { notices: ch.notices });
      return id;
    },
  },
  {
    path: "the engine's own end (a move that finishes the game)",
    told: [ALICE, BOB],
    end: async (ch) => {
      const id = await aliceMoved(ch);
      for (let i = 0; i < 1000 && w.app.games.get(id)!.row.status === "active"; i++) {
        const { row, state } = w.app.games.get(id)!;
        const mover = state.position.toMove === 0 ? row.southId : row.northId;
        await ch.deliver(await press(mover, id, { kind: "move", house: state.legalMoves[0] }));
      }
      expect(w.app.games.get(id)!.row.reason).not.toBe("resign");
      return id;
    },
  },
  {
    path: "a resignation against Nickar",
    told: [ALICE],
    end: async (ch) => {
      const started = await COMMANDS.play.handle(w.ctx(ALICE), options({ level: "easy", first: "me" }));
      const id = started.bind!.id;
      w.app.games.bindMessage(id, "200", `board-${id}`);
      await ch.deliver(started);
      await ch.deliver(await press(ALICE, id, { kind: "move", house: 3 }));
      await ch.deliver(await press(ALICE, id, { kind: "resign-confirm" }));
      return id;
    },
  },
];

describe("ending notices", () => {
  it.each(ENDINGS)("game end - the game's notice is replaced by its ending notice - $path", async ({ end, told }) => {
    const ch = channel();
    const id = await end(ch);
    expect(w.app.games.get(id)!.row.status).not.toBe("active");
    // One message of the game is left: its ending, telling the players; no turn notice, no live draw offer.
    const shown = ch.shown();
    expect(shown.map((m) => m.content)).toEqual([expect.stringContaining(`game \`${id}\` is over:`)]);
    expect([...(shown[0].mentions ?? [])].sort()).toEqual([...told].sort());
    expect(
      shown[0].components?.flatMap((r) => r.components).some((c) => "custom_id" in c && /:da$|:dd$/.test(c.custom_id)),
    ).toBeFalsy();
  });
});
