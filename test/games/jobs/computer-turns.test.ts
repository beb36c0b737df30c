// Nickar's turns run without any interaction: after a scheduler sweep (a game left to move, as after
// a restart), and again after a failed search, so a game against it never hangs.
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AiPool, AiQueueFullError } from "../../../src/ai/index.ts";
import { COMMANDS } from "../../../src/commands/index.ts";
import type { Messenger } from "../../../src/discord/messenger.ts";
import { Scheduler } from "../../../src/discord/scheduler.ts";
import { ComputerTurns } from "../../../src/games/jobs/computer-turns.ts";
import type { MessageRef, Reply } from "../../../src/interactions/reply.ts";
import { waitFor } from "../../e2e/harness.ts";
import { ALICE, BOB, options, setup, sharedPool, type World } from "../../support/helpers.ts";

const NICKAR = "999";
const logger = pino({ level: "silent" });
const pool = sharedPool();

let w: World;
let edits: { ref: MessageRef; reply: Reply }[];
let failures: number;
/** Searches to refuse as a full pool would, after the first one has started. */
let refusals: number;
let started: number;
const messenger: Messenger = {
  edit: async (ref, reply) => void edits.push({ ref, reply }),
  send: async () => "posted",
  direct: async () => null,
  remove: async () => {},
};

/** The real pool, failing the first `failures` searches. */
const flaky: AiPool = {
  get queued() {
    return pool().queued;
  },
  queuedByLane: () => pool().queuedByLane(),
  threads: 1,
  get liveThreads() {
    return pool().liveThreads;
  },
  think: (request, opts) => {
    if (failures-- > 0) return Promise.reject(new Error("worker died"));
    if (started++ > 0 && refusals > 0) {
      refusals--;
      return Promise.reject(new AiQueueFullError(1));
    }
    return pool().think(request, opts);
  },
  runTask: (file, task, lane) => pool().runTask(file, task, lane),
  close: async () => {},
};

beforeEach(() => {
  edits = [];
  failures = 0;
  refusals = 0;
  started = 0;
  w = setup(() => 0.1, undefined, { bots: new Set([NICKAR]), computer: { pool: flaky, moveMs: 20, seed: 2 } });
});
afterEach(() => w.close());

/** A game in which Nickar moves first, posted as message `messageId`. */
async function nickarFirst(player = ALICE, messageId = "m1"): Promise<string> {
  const res = await COMMANDS.play.handle(w.ctx(player), options({ level: "expert", first: "them" }));
  w.app.games.bindMessage(res.bind!.id, "200", messageId);
  return res.bind!.id;
}

describe("Nickar's turns", () => {
  it("computer turns - Nickar moves after a sweep, with no interaction - a game left to move", async () => {
    const id = await nickarFirst();
    const turns = new ComputerTurns(w.app, messenger, logger, () => {});
    const scheduler = new Scheduler(w.app, messenger, logger, { post: async () => {} }, () => turns.poke());
    try {
      scheduler.start();
      await waitFor(() => w.app.games.get(id)!.row.ply === 1, "Nickar's move");
      await waitFor(() => edits.length > 0, "the game message edit");
      expect(edits[0].ref).toEqual({ channelId: "200", messageId: "m1" });
      expect(edits[0].reply.content).toContain(`<@${ALICE}> to move`);
    } finally {
      scheduler.stop();
      turns.stop();
    }
  });

  it("computer turns - retried until it moves - two failed searches", async () => {
    failures = 2;
    const id = await nickarFirst();
    let changes = 0;
    const turns = new ComputerTurns(w.app, messenger, logger, () => changes++, 10);
    try {
      turns.poke();
      // The retries wait on the app's clock (5 s, then 10 s in production; 10 and 20 ms here).
      await waitFor(() => {
        w.clock.advance(5);
        return w.app.games.get(id)!.row.ply === 1;
      }, "Nickar's move after the retries");
      expect(failures).toBe(-1);
      await waitFor(() => changes === 1, "the change callback");
    } finally {
      turns.stop();
    }
  });

  it("computer turns - a search refused for a full pool runs when another ends, no error - two games, room for one", async () => {
    refusals = 1;
    const first = await nickarFirst(ALICE, "m1");
    const second = await nickarFirst(BOB, "m2");
    const errors: string[] = [];
    const quiet = pino({ level: "warn" }, { write: (line: string) => void errors.push(line) });
    // No clock is moved and the retry wait is long: the refused search runs when the first ends.
    const turns = new ComputerTurns(w.app, messenger, quiet, () => {}, 3_600_000);
    try {
      turns.poke();
      await waitFor(
        () => w.app.games.get(first)!.row.ply === 1 && w.app.games.get(second)!.row.ply === 1,
        "both moves",
      );
      expect(refusals).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      turns.stop();
    }
  });
});
