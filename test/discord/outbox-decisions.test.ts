// Each post a transaction decides is written to the outbox in that same transaction (issue #33): a casual
// game's ending, a series' next game, a tournament started (or cancelled) at its set time, a role rule's
// refusal, the daily puzzle and its solution. Shown by making the outbox refuse the write (a trigger on the
// real SQLite table): the decision is then not committed either. Then each is sent by the outbox when its
// handler crashed, once, and a round's header is made once even when a retry comes after Discord's nonce window.
import { sql } from "drizzle-orm";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { dailyPuzzles, games } from "../../src/db/schema.ts";
import type { DueContext } from "../../src/discord/due-job.ts";
import { OUTBOX_KINDS } from "../../src/discord/due-jobs.ts";
import { type Messenger, sendPosts } from "../../src/discord/messenger.ts";
import { Notices } from "../../src/discord/notices.ts";
import { OWNER_GRACE, outboxJob } from "../../src/discord/outbox-sender.ts";
import { boardKey, endingKey } from "../../src/games/endings.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import { ALICE, BOB, CHANNEL, GUILD, HOUR, options, setup, type World } from "../support/helpers.ts";
import { startGame } from "../support/play.ts";
import { type Recorder, recordingMessenger } from "../support/recorder.ts";
import { tournamentField } from "../support/tournaments.ts";

const logger = pino({ level: "silent" });
let w: World;
let rec: Recorder;
beforeEach(() => {
  w = setup();
  rec = recordingMessenger();
});
afterEach(() => w.close());

/** The outbox refuses rows of `kind` (SQLite aborts the statement, and the transaction writing it fails). */
function refuse(kind: string): void {
  w.db().run(
    sql.raw(
      `CREATE TRIGGER refuse_${kind.replaceAll("-", "_")} BEFORE INSERT ON outbox WHEN NEW.kind = '${kind}' BEGIN SELECT RAISE(ABORT, 'the outbox refused'); END`,
    ),
  );
}

const unsentKinds = () => w.app.outbox.unsent().map((r) => r.kind);

/** One outbox sweep, as the scheduler's, through `messenger` and a real notice board over it. */
async function sweep(messenger: Messenger = rec.messenger, startedAt = 0): Promise<number> {
  const notices = new Notices(w.db(), w.app.players, messenger, w.clock, logger);
  const ctx: DueContext = { app: w.app, messenger, logger, notices, unpostedUntil: 0, startedAt };
  return outboxJob(OUTBOX_KINDS).run(ctx);
}

const texts = () => rec.sent.map((s) => s.reply.content);

describe("decided posts written with their decision", () => {
  it("game ending - a casual game's ending is written with its end, or the end is not committed - the outbox refusing", async () => {
    const id = await startGame(w, ALICE, BOB);
    refuse("game-ending");
    expect(() => w.app.games.resign(id, ALICE, null)).toThrow("the outbox refused");
    expect(w.app.games.get(id)!.row.status).toBe("active");
    w.db().run(sql.raw("DROP TRIGGER refuse_game_ending"));
    w.app.games.resign(id, ALICE, null);
    expect(w.app.outbox.unsent().map((r) => r.key)).toEqual([endingKey(id)]);
  });

  it("game ending - sent by the outbox after its handler's grace, once - a casual game whose handler crashed", async () => {
    const id = await startGame(w, ALICE, BOB);
    w.app.games.resign(id, ALICE, null);
    await sweep();
    // Its own handler has the grace to tell it.
    expect(texts()).toEqual([]);
    w.clock.advance(OWNER_GRACE);
    await sweep();
    await sweep();
    expect(texts()).toEqual([expect.stringContaining(`game \`${id}\` is over`)]);
    expect(w.app.outbox.isSent(endingKey(id))).toBe(true);
  });

  it("series - the next game is written with the end, or the end is not committed - the outbox refusing", async () => {
    const first = await startSeries();
    refuse("next-game");
    expect(() => w.app.games.resign(first, ALICE, null)).toThrow("the outbox refused");
    expect(w.app.games.get(first)!.row.status).toBe("active");
    expect(seriesGames()).toHaveLength(1);
    w.db().run(sql.raw("DROP TRIGGER refuse_next_game"));
    w.app.games.resign(first, ALICE, null);
    const next = seriesGames().find((g) => g.seriesGame === 2)!;
    const row = w.app.outbox.unsent().find((r) => r.kind === "next-game")!;
    expect(row).toMatchObject({ key: boardKey(next.id), afterKey: endingKey(first), ownerFirst: true });
  });

  it("series - the next game posted by the outbox after the ending, bound, once - its handler crashed", async () => {
    const first = await startSeries();
    w.app.games.resign(first, ALICE, null);
    w.clock.advance(OWNER_GRACE);
    await sweep();
    await sweep();
    const next = seriesGames().find((g) => g.seriesGame === 2)!;
    expect(texts()).toEqual([
      expect.stringContaining(`game \`${first}\` is over`),
      expect.stringContaining("Game 2 of the series"),
    ]);
    expect(next.messageId).toBe("posted-2");
    expect(unsentKinds()).toEqual([]);
  });

  it("series - the next game its handler posted is not posted again by the outbox - a handler that lived", async () => {
    const first = await startSeries();
    const res = await handleButton(w.ctx(ALICE), {
      type: "game",
      gameId: first,
      ply: 0,
      action: { kind: "resign-confirm" },
    });
    // As the router does: the posts (the next game, with the board's own nonce), then the notices.
    await sendPosts(w.app, rec.messenger, res.posts ?? []);
    const notices = new Notices(w.db(), w.app.players, rec.messenger, w.clock, logger);
    for (const notice of res.notices ?? []) await notices.post(notice);
    w.clock.advance(OWNER_GRACE);
    // Long after (Discord's nonce window passed): the outbox finds the game bound and posts nothing.
    const late = forgetfulMessenger();
    await sweep(late.messenger);
    expect(late.texts()).toEqual([]);
    expect(texts().filter((t) => t.includes("Game 2 of the series"))).toHaveLength(1);
    expect(unsentKinds()).toEqual([]);
  });

  it("tournament start - the line is written with the start, before round 1, or nothing starts - at its set time", async () => {
    const { players, entered } = tournamentField(w, 7100);
    const t = entered(players(4), { startAt: w.clock.now() + HOUR });
    w.clock.advance(HOUR);
    refuse("tournament-on-time");
    expect(() => w.app.tournaments.startOnTime(t.id)).toThrow("the outbox refused");
    expect(w.app.tournaments.get(t.id)!.status).toBe("open");
    w.db().run(sql.raw("DROP TRIGGER refuse_tournament_on_time"));
    expect(w.app.tournaments.startOnTime(t.id)?.started).toBe(true);
    expect(unsentKinds()).toEqual(["tournament-on-time", "tournament-round"]);
    await sweep();
    expect(texts()[0]).toBe(`Tournament \`${t.id}\` has started: round 1 is paired.`);
    expect(texts()[1]).toContain("round 1 of");
  });

  it("tournament start - the cancel for too few players is written with it - at its set time", async () => {
    const { players, entered } = tournamentField(w, 7200);
    const t = entered(players(1), { startAt: w.clock.now() + HOUR });
    w.clock.advance(HOUR);
    expect(w.app.tournaments.startOnTime(t.id)?.started).toBe(false);
    await sweep();
    expect(texts()).toEqual([expect.stringContaining(`Tournament ${t.id} was cancelled at its start time`)]);
  });

  it("role rules - the refusal's report is written with the stop, or the rule is not stopped - the outbox refusing", () => {
    w.app.roles.set({
      guildId: GUILD,
      roleId: "700",
      kind: "rating",
      ruleset: "abapa",
      value: 1600,
      channelId: CHANNEL,
      createdBy: ALICE,
    });
    refuse("role-refused");
    expect(() => w.app.roles.recordFailure(GUILD, "700", "above-nickar")).toThrow("the outbox refused");
    expect(w.app.roles.list(GUILD)[0].failure).toBeNull();
    w.db().run(sql.raw("DROP TRIGGER refuse_role_refused"));
    expect(w.app.roles.recordFailure(GUILD, "700", "above-nickar")).toBe(true);
    expect(w.app.outbox.unsent()).toMatchObject([{ kind: "role-refused", channelId: CHANNEL, subjectId: "700" }]);
  });

  it("daily puzzle - the post is written with the day's choice, the solution with the day's end, or neither is committed - the outbox refusing", async () => {
    const date = "2025-01-01";
    refuse("daily-puzzle");
    expect(() => w.app.dailyPuzzles.choose(GUILD, CHANNEL, date)).toThrow("the outbox refused");
    expect(w.app.dailyPuzzles.get(GUILD, date)).toBeNull();
    w.db().run(sql.raw("DROP TRIGGER refuse_daily_puzzle"));
    const day = w.app.dailyPuzzles.choose(GUILD, CHANNEL, date);
    expect(unsentKinds()).toEqual(["daily-puzzle"]);
    await sweep();
    expect(w.app.dailyPuzzles.get(GUILD, date)!.messageId).toBe("posted-1");

    refuse("daily-solution");
    expect(() => w.app.dailyPuzzles.markSolved(day, { solved: 0, tried: 0 })).toThrow("the outbox refused");
    expect(w.app.dailyPuzzles.get(GUILD, date)!.solutionAt).toBeNull();
    w.db().run(sql.raw("DROP TRIGGER refuse_daily_solution"));
    w.app.dailyPuzzles.markSolved(day, { solved: 0, tried: 0 });
    // Written once, however often the day's end is seen.
    w.app.dailyPuzzles.markSolved(day, { solved: 0, tried: 0 });
    expect(unsentKinds()).toEqual(["daily-solution"]);
    await sweep();
    expect(texts()[1]).toContain("the solution is");
    expect(rec.edits.at(-1)!.ref.messageId).toBe("posted-1");
  });

  it("daily puzzle - a post already bound is not made again - a retry after the nonce window", async () => {
    const date = "2025-01-01";
    w.app.dailyPuzzles.choose(GUILD, CHANNEL, date);
    // Made and bound by a process that crashed before marking it sent.
    w.app.dailyPuzzles.bindMessage(GUILD, date, "made-before");
    const discord = forgetfulMessenger();
    await sweep(discord.messenger);
    expect(discord.texts()).toEqual([]);
    expect(w.app.outbox.unsent()).toEqual([]);
    expect(w.db().select().from(dailyPuzzles).get()!.messageId).toBe("made-before");
  });
});

describe("a round's header, once as players see it", () => {
  it("round header - a retry after a board failed does not post the header again - past Discord's nonce window", async () => {
    const { players, entered } = tournamentField(w, 7300);
    const t = entered(players(4), {});
    w.app.tournaments.start(t.id);
    // Discord without its nonce memory (the window passed), failing the second board once.
    const discord = forgetfulMessenger((n) => n === 3);
    expect(await sweep(discord.messenger)).toBe(1);
    expect(discord.texts().filter((c) => c.includes("round 1 of"))).toHaveLength(1);
    const [row] = w.app.outbox.unsent();
    expect(row.messageId).toBe("m1");
    w.clock.advance(60_000);
    expect(await sweep(discord.messenger)).toBe(0);
    expect(discord.texts().filter((c) => c.includes("round 1 of"))).toHaveLength(1);
    // Each board once, bound to its game.
    const boards = w.app.tournaments.view(t.id).games.map((g) => g.messageId);
    expect(boards.every((id) => id !== null)).toBe(true);
    expect(new Set(boards).size).toBe(2);
    expect(w.app.outbox.isSent(row.key)).toBe(true);
  });
});

/** Alice challenges Bob to a first-to-two series, Bob accepts: game 1's id (its message bound). */
async function startSeries(): Promise<string> {
  const res = await COMMANDS["series challenge"].handle(
    w.ctx(ALICE),
    options({ opponent: { id: BOB }, first: "me", first_to: 2 }),
  );
  const accepted = await handleButton(w.ctx(BOB), { type: "challenge", challengeId: res.bind!.id, action: "accept" });
  const id = accepted.bind!.id;
  w.app.games.bindMessage(id, CHANNEL, `board-${id}`);
  return id;
}

function seriesGames() {
  return w
    .db()
    .select()
    .from(games)
    .all()
    .filter((g) => g.seriesId !== null);
}

/** A Discord that keeps no nonces (as after its window); the sends for which `fails(n)` holds make nothing. */
function forgetfulMessenger(fails: (n: number) => boolean = () => false) {
  const made: string[] = [];
  let tries = 0;
  const messenger: Messenger = {
    edit: async () => {},
    send: async (_channelId, reply) => {
      tries++;
      if (fails(tries)) return null;
      made.push(reply.content);
      return `m${made.length}`;
    },
    direct: async () => null,
    remove: async () => {},
  };
  return { messenger, texts: () => made };
}
