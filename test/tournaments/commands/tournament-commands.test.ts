// Swiss tournaments from Discord: the /nickar-tournament commands and the announcement's buttons through
// the real handlers on a real database, the rounds' games posted by the scheduler's path and by whoever
// handled a round's last game, to the final standings and the TRF export.
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCommand } from "../../../src/commands/guards.ts";
import { COMMANDS, suggestions } from "../../../src/commands/index.ts";
import { type Messenger, sendPosts } from "../../../src/discord/messenger.ts";
import { runDue } from "../../../src/discord/scheduler.ts";
import type { UserError } from "../../../src/errors.ts";
import { handleButton } from "../../../src/interactions/buttons/index.ts";
import type { HandlerContext } from "../../../src/interactions/context.ts";
import type { Response } from "../../../src/interactions/reply.ts";
import type { TournamentAction } from "../../../src/tournaments/buttons/tournament.ts";
import { fromTrf, pairingNumbers } from "../../../src/tournaments/core/index.ts";
import { CHANNEL, GUILD, options, setup, type World } from "../../support/helpers.ts";
import { buttonIds, finish } from "../../support/play.ts";
import { type Recorder, recordingMessenger } from "../../support/recorder.ts";

let w: World;
let sent: Recorder["sent"];
let edited: Recorder["edits"];
let messenger: Messenger;
const logger = pino({ level: "silent" });

beforeEach(() => {
  w = setup();
  ({ messenger, sent, edits: edited } = recordingMessenger());
});
afterEach(() => w.close());

const ORGANISER = "5000";
const ANNOUNCEMENT = "announcement-msg";
const players = (n: number) => Array.from({ length: n }, (_, i) => String(5001 + i));
const admin = (userId: string) => w.ctx(userId, { canManageGuild: true });

function command(name: string, ctx: HandlerContext, values: Parameters<typeof options>[0] = {}): Promise<Response> {
  return runCommand(COMMANDS[`nickar-tournament ${name}`], ctx, options(values));
}

function press(userId: string, tournamentId: string, action: TournamentAction): Promise<Response> {
  return handleButton(w.ctx(userId, { messageId: ANNOUNCEMENT }), { type: "tournament", tournamentId, action });
}

async function refusal(f: () => Promise<unknown>): Promise<string> {
  try {
    await f();
  } catch (e) {
    return (e as UserError).code;
  }
  throw new Error("not refused");
}

/**
 * A Swiss of `rounds` rounds and `count` players, started and its boards posted; then (what was sent so
 * far forgotten) four sweeps of the scheduler 40 minutes apart with nobody moving. Returns its id.
 */
async function startedAndTimedOut(rounds: number, count: number): Promise<string> {
  const id = await created({ rounds });
  for (const p of players(count)) await press(p, id, "join");
  const start = await command("start", w.ctx(ORGANISER));
  await sendPosts(w.app, messenger, start.posts ?? []);
  sent.length = 0;
  for (let i = 0; i < 4; i++) {
    w.clock.advance(40 * 60_000);
    await runDue(w.app, messenger, logger);
  }
  return id;
}

/**
 * The outbox's sweep as after a restart: the games' ending notices, which whoever handled the move tells
 * (none here), are due at once, so what follows them goes out too.
 */
function sendOutbox(to: Messenger = messenger) {
  return runDue(w.app, to, logger, { startedAt: w.clock.now() + 1 });
}

/** Creates a tournament by command, bound to its announcement as the router does. */
async function created(values: Parameters<typeof options>[0] = {}): Promise<string> {
  const res = await command("create", admin(ORGANISER), { ruleset: "abapa", rounds: 3, time: "1h", ...values });
  expect(res.bind?.kind).toBe("tournament");
  const id = res.bind!.id;
  w.app.tournaments.bindMessage(id, ANNOUNCEMENT);
  return id;
}

describe("tournament commands and buttons", () => {
  it("tournament - created, joined by command and button, started, every round posted and played, final standings - 5 players", async () => {
    const create = await command("create", admin(ORGANISER), { ruleset: "abapa", rounds: 3, time: "1h", rated: false });
    const id = create.bind!.id;
    w.app.tournaments.bindMessage(id, ANNOUNCEMENT);
    expect(create.reply.content).toContain("3 rounds");
    expect(create.reply.content).toContain("unrated");
    expect(create.reply.content).toContain("Oware Abapa");
    expect(buttonIds(create)).toEqual([`t:${id}:j`, `t:${id}:l`, `t:${id}:s`]);

    const ids = players(5);
    // Two by command: a public line, and the announcement edited with the new list.
    for (const p of ids.slice(0, 2)) {
      const res = await command("join", w.ctx(p));
      expect(res.reply.content).toContain(`<@${p}> joined`);
      expect(res.reply.ephemeral).toBeFalsy();
      expect(res.edits?.map((e) => e.ref.messageId)).toEqual([ANNOUNCEMENT]);
      expect(res.edits?.[0].reply.content).toContain(`<@${p}>`);
    }
    // Three by the button: the announcement itself is updated.
    for (const p of ids.slice(2)) {
      const res = await press(p, id, "join");
      expect(res.mode).toBe("update");
      expect(res.reply.content).toContain(`<@${p}>`);
    }
    expect(await refusal(() => press(ids[0], id, "join"))).toBe("tournament/already-joined");
    const listed = (await press(ids[0], id, "leave")).reply.content;
    expect(listed).toContain("4 players");
    expect(listed).not.toContain(`<@${ids[0]}>`);
    expect((await press(ids[0], id, "join")).reply.content).toContain("5 players");

    // Only the organiser (or Manage Server) starts it.
    expect(await refusal(() => press(ids[1], id, "start"))).toBe("tournament/organiser");
    expect(await refusal(() => command("start", w.ctx(ids[1])))).toBe("tournament/organiser");
    const started = await press(ORGANISER, id, "start");
    expect(w.app.tournaments.find(id).status).toBe("running");
    expect(buttonIds(started)).toEqual([`t:${id}:j`, `t:${id}:l`]);
    expect(started.reply.content).toContain("Round 1 of 3");
    // Round 1 is in the outbox (written by the start's transaction), posted after the answer: its pairings, then
    // the two boards, each bound to its game. Nothing is lost if the bot stops in between: the outbox is in the database.
    expect(started.posts ?? []).toEqual([]);
    const round1 = w.app.tournaments.view(id).games;
    expect(round1.every((g) => g.messageId === null && g.channelId === CHANNEL)).toBe(true);
    await runDue(w.app, messenger, logger);
    expect(sent.map((s) => s.reply.content)).toEqual([
      expect.stringContaining("round 1 of 3"),
      expect.stringContaining("Tournament round 1"),
      expect.stringContaining("Tournament round 1"),
    ]);
    expect(sent[0].reply.content).toContain("Bye");
    expect(sent[1].reply.mentions).toHaveLength(2);
    expect(w.app.tournaments.view(id).games.every((g) => g.messageId !== null)).toBe(true);

    // Each round's last game pairs the next round, in its transaction: the outbox posts it.
    let last: Response | null = null;
    for (let round = 1; round <= 3; round++) {
      const games = w.app.tournaments.view(id).games.filter((g) => g.tournamentRound === round);
      expect(games).toHaveLength(2);
      expect(games.every((g) => g.messageId !== null)).toBe(true);
      for (const [i, g] of games.entries()) last = await finish(w, g.id, i === 0 ? "south" : "draw");
      expect(last!.posts ?? []).toEqual([]);
      expect(last!.edits?.some((e) => e.ref.messageId === ANNOUNCEMENT)).toBe(true);
      sent.length = 0;
      await sendOutbox();
      if (round < 3) {
        expect(sent.map((s) => s.reply.content)).toEqual([
          expect.stringContaining(`round ${round + 1} of 3`),
          expect.stringContaining(`Tournament round ${round + 1}`),
          expect.stringContaining(`Tournament round ${round + 1}`),
        ]);
      }
    }
    const t = w.app.tournaments.find(id);
    expect(t.status).toBe("finished");
    expect(sent).toHaveLength(1);
    expect(sent[0].reply.content).toContain("Final standings");
    for (const p of ids) expect(sent[0].reply.content).toContain(`<@${p}>`);
    // Once.
    await sendOutbox();
    expect(sent).toHaveLength(1);
    const announcement = last!.edits?.find((e) => e.ref.messageId === ANNOUNCEMENT);
    expect(announcement?.reply.content).toContain("Finished after 3 rounds");
    expect(announcement?.reply.components).toEqual([]);

    // Standings by command: every player with score, Buchholz, Sonneborn-Berger and games.
    const table = await command("standings", w.ctx(ids[0]));
    expect(table.reply.content).toContain("Buchholz");
    const standings = w.app.tournaments.standings(id);
    const top = standings[0];
    expect(table.reply.content).toContain(`<@${top.id}>: **${top.score}**`);
    expect(standings.reduce((sum, s) => sum + s.score, 0)).toBe(3 * 3);

    // The export: a .trf attachment the TRF reader reads back.
    const exported = await command("export", w.ctx(ids[1]));
    expect(exported.reply.ephemeral).toBe(true);
    const file = await exported.reply.image!();
    expect(file?.name).toBe(`nickar-${id}.trf`);
    const read = fromTrf(file!.data.toString("utf8"));
    const record = read.ok ? read.value : null;
    expect(record?.rounds).toBe(3);
    expect(record?.entrants).toHaveLength(5);
    expect(record?.played).toHaveLength(3);
  });

  it("tournament - the organiser's first side puts the top seed North in round 1 and in the export - first_side North, 4 players", async () => {
    const id = await created({ first_side: "N" });
    const ids = players(4);
    for (const p of ids) await command("join", w.ctx(p));
    await press(ORGANISER, id, "start");
    const view = w.app.tournaments.view(id);
    const top = pairingNumbers(view.players.map((p) => ({ id: p.userId, rating: p.rating })));
    const topSeed = [...top].find(([, n]) => n === 1)![0];
    const board = view.pairings.find((p) => p.round === 1 && (p.southId === topSeed || p.northId === topSeed))!;
    expect(board.northId).toBe(topSeed);
    const file = await (await command("export", w.ctx(ids[0]))).reply.image!();
    expect(file!.data.toString("utf8")).toContain("XXC black1");
  });

  it("tournament - refused to members without Manage Server or who do not organise it - create, start, cancel, pause, remove", async () => {
    expect(await refusal(() => command("create", w.ctx(ORGANISER)))).toBe("permission/manage-server");
    const id = await created();
    for (const p of players(3)) await command("join", w.ctx(p));
    const player = w.ctx(players(1)[0]);
    expect(await refusal(() => command("start", player))).toBe("tournament/organiser");
    expect(await refusal(() => command("cancel", player))).toBe("tournament/organiser");
    expect(await refusal(() => command("pause", player))).toBe("tournament/organiser");
    expect(await refusal(() => command("remove", player, { user: { id: players(2)[1] } }))).toBe(
      "tournament/organiser",
    );
    // The organiser without Manage Server may, and so may another member with it.
    await command("start", w.ctx(ORGANISER));
    expect((await command("pause", admin("5999"))).reply.content).toContain("paused");
    await command("resume", w.ctx(ORGANISER));
    const cancelled = await command("cancel", w.ctx(ORGANISER));
    expect(cancelled.reply.content).toContain("cancelled");
    expect(w.app.tournaments.find(id).status).toBe("cancelled");
    // Its game in progress ended with no result, the board edited.
    expect(w.app.tournaments.view(id).games.every((g) => g.status === "cancelled")).toBe(true);
    expect(cancelled.edits?.some((e) => e.ref.messageId === ANNOUNCEMENT)).toBe(true);
  });

  it("tournament - the only one open is found without the option, several are asked for, suggested - join", async () => {
    expect(await refusal(() => command("join", w.ctx("5001")))).toBe("tournament/none");
    const first = await created();
    await command("join", w.ctx("5001"));
    expect(w.app.tournaments.view(first).players.map((p) => p.userId)).toEqual(["5001"]);
    const second = await created({ ruleset: "wari" });
    expect(await refusal(() => command("join", w.ctx("5002")))).toBe("tournament/which");
    await command("join", w.ctx("5002"), { tournament: second });
    expect(w.app.tournaments.view(second).players.map((p) => p.userId)).toEqual(["5002"]);
    const choices = await suggestions(
      COMMANDS["nickar-tournament join"],
      w.ctx("5003"),
      { name: "tournament", value: "" },
      options(),
    );
    expect(choices.map((c) => c.value).sort()).toEqual([first, second].sort());
    expect(choices.every((c) => c.name.length <= 100)).toBe(true);
  });

  it("tournament - /nickar-tournament leave after the start asks first, the confirmation resigns the game and edits its board - a withdrawal", async () => {
    const id = await created();
    const ids = players(4);
    for (const p of ids) await press(p, id, "join");
    await command("start", w.ctx(ORGANISER));
    await sendOutbox();
    const game = w.app.tournaments.view(id).games.find((g) => g.southId === ids[0] || g.northId === ids[0])!;
    const question = await command("leave", w.ctx(ids[0]));
    expect(question.reply.ephemeral).toBe(true);
    expect(buttonIds(question)).toEqual([`t:${id}:lc`]);
    expect(question.reply.content).toContain("Your game in progress is lost");
    expect(w.app.games.get(game.id)!.row.status).toBe("active");
    const res = await handleButton(w.ctx(ids[0]), { type: "tournament", tournamentId: id, action: "leave-confirm" });
    expect(res.reply.content).toContain(`<@${ids[0]}> left`);
    expect(w.app.games.get(game.id)!.row.status).toBe("finished");
    expect(res.edits?.some((e) => e.ref.messageId === game.messageId)).toBe(true);
    expect(res.notices?.length).toBeGreaterThan(0);
  });

  it("tournament - /nickar-tournament leave before the start takes the player off the list at once - no question", async () => {
    const id = await created();
    await press(players(1)[0], id, "join");
    const res = await command("leave", w.ctx(players(1)[0]));
    expect(buttonIds(res)).toEqual([]);
    expect(w.app.tournaments.view(id).players).toHaveLength(0);
  });

  it("tournament - a round ended on time is paired and posted by the scheduler, the announcement edited - a time-out", async () => {
    // Nobody moves: the round's one game ends on time, in the scheduler's sweep.
    const id = await startedAndTimedOut(2, 3);
    expect(w.app.tournaments.find(id).currentRound).toBe(2);
    const round2 = sent.findIndex((s) => s.reply.content.includes("round 2 of 2"));
    expect(round2).toBeGreaterThanOrEqual(0);
    expect(sent[round2 + 1].reply.content).toContain("Tournament round 2");
    expect(
      w.app.tournaments.view(id).games.filter((g) => g.tournamentRound === 2 && g.messageId !== null),
    ).toHaveLength(1);
    expect(edited.some((e) => e.ref.messageId === ANNOUNCEMENT && e.reply.content.includes("Round 2 of 2"))).toBe(true);
  });

  it("tournament - final standings posted once - the last round's games end on time in one sweep", async () => {
    // Nobody moves: both games of the only round end on time in the same sweep.
    const id = await startedAndTimedOut(1, 4);
    expect(w.app.tournaments.find(id).status).toBe("finished");
    expect(sent.filter((s) => s.reply.content.includes("**Final standings**"))).toHaveLength(1);
  });

  it("tournament - a round's pairings posted once - the scheduler retries a board that failed", async () => {
    const id = await created({ rounds: 1 });
    for (const p of players(4)) await press(p, id, "join");
    await command("start", w.ctx(ORGANISER));
    // Nobody posted round 1 (a crash after the start); the scheduler's first board fails once.
    let failBoard = true;
    const flaky: Messenger = {
      ...messenger,
      send: async (channelId, reply, nonce) => {
        if (failBoard && reply.content.includes("Tournament round 1")) {
          failBoard = false;
          return null;
        }
        return messenger.send(channelId, reply, nonce);
      },
    };
    await runDue(w.app, flaky, logger);
    w.clock.advance(10 * 60_000);
    await runDue(w.app, flaky, logger);
    expect(w.app.tournaments.view(id).games.every((g) => g.messageId !== null)).toBe(true);
    expect(sent.filter((m) => m.reply.content.includes("round 1 of 1"))).toHaveLength(1);
  });

  it("tournament - the Leave button after the start asks first, and the confirmation resigns the game - a withdrawal", async () => {
    const id = await created();
    const ids = players(4);
    for (const p of ids) await press(p, id, "join");
    await command("start", w.ctx(ORGANISER));
    const game = w.app.tournaments.view(id).games.find((g) => g.southId === ids[1] || g.northId === ids[1])!;
    const question = await press(ids[1], id, "leave");
    expect(question.reply.ephemeral).toBe(true);
    expect(buttonIds(question)).toEqual([`t:${id}:lc`]);
    expect(w.app.games.get(game.id)!.row.status).toBe("active");
    const confirmed = await handleButton(w.ctx(ids[1]), {
      type: "tournament",
      tournamentId: id,
      action: "leave-confirm",
    });
    expect(confirmed.mode).toBe("update");
    expect(confirmed.reply.components).toEqual([]);
    expect(w.app.games.get(game.id)!.row.status).toBe("finished");
    expect(confirmed.edits?.some((e) => e.ref.messageId === ANNOUNCEMENT)).toBe(true);
    expect(w.app.tournaments.view(id).players.find((p) => p.userId === ids[1])?.withdrawn).toBe(true);
  });
});

describe("tournament start time, creators and absences", () => {
  it("tournament - started by the scheduler at its start time, round 1 posted - the start option", async () => {
    const id = await created({ start: "2h" });
    expect(w.app.tournaments.find(id).startAt).toBe(w.clock.now() + 2 * 3_600_000);
    for (const p of players(3)) await press(p, id, "join");
    await runDue(w.app, messenger, logger);
    expect(w.app.tournaments.find(id).status).toBe("open");
    w.clock.advance(2 * 3_600_000);
    await runDue(w.app, messenger, logger);
    expect(w.app.tournaments.find(id).status).toBe("running");
    expect(sent.some((s) => s.reply.content.includes("has started: round 1"))).toBe(true);
    expect(sent.some((s) => s.reply.content.includes("round 1 of 3"))).toBe(true);
    expect(w.app.tournaments.view(id).games.every((g) => g.messageId !== null)).toBe(true);
    expect(edited.some((e) => e.ref.messageId === ANNOUNCEMENT)).toBe(true);
    // Started once: the next sweep finds nothing to start.
    const posts = sent.length;
    await runDue(w.app, messenger, logger);
    expect(sent).toHaveLength(posts);
  });

  it("tournament - cancelled at its start time, and said so - too few players", async () => {
    const id = await created({ start: "30m" });
    await press(players(1)[0], id, "join");
    w.clock.advance(30 * 60_000);
    await runDue(w.app, messenger, logger);
    expect(w.app.tournaments.find(id).status).toBe("cancelled");
    expect(sent.some((s) => s.reply.content.includes("cancelled at its start time"))).toBe(true);
  });

  it("tournament - a start time refused - unreadable, past, too far", async () => {
    expect(await refusal(() => command("create", admin(ORGANISER), { start: "soon" }))).toBe(
      "tournament/start-unknown",
    );
    expect(await refusal(() => command("create", admin(ORGANISER), { start: "2020-01-01 10:00" }))).toBe(
      "tournament/start-past",
    );
    expect(await refusal(() => command("create", admin(ORGANISER), { start: "90d" }))).toBe("tournament/start-too-far");
  });

  it("tournament - any member creates one when the server allows it - tournaments setting", async () => {
    expect(await refusal(() => command("create", w.ctx(ORGANISER)))).toBe("permission/manage-server");
    w.app.settings.update(GUILD, { tournamentCreators: "everyone" });
    const res = await command("create", w.ctx(ORGANISER));
    expect(w.app.tournaments.find(res.bind!.id).createdBy).toBe(ORGANISER);
  });

  it("tournament - a player who misses two games in a row is withdrawn and told once - nobody moves", async () => {
    const id = await created({ rounds: 4 });
    for (const p of players(4)) await press(p, id, "join");
    await command("start", w.ctx(ORGANISER));
    await sendOutbox();
    for (let i = 0; i < 16 && w.app.tournaments.find(id).status === "running"; i++) {
      w.clock.advance(40 * 60_000);
      await runDue(w.app, messenger, logger, { unpostedUntil: w.clock.now() });
    }
    const withdrawn = w.app.tournaments.view(id).players.filter((p) => p.withdrawn);
    expect(withdrawn.length).toBeGreaterThan(0);
    for (const p of withdrawn) {
      const told = sent.filter((s) => s.reply.content.includes(`<@${p.userId}> missed 2 games in a row`));
      expect(told).toHaveLength(1);
      expect(told[0].reply.mentions).toEqual([p.userId]);
    }
  });

  it("tournament - a pairing follows each player's notify choice - channel, dm, off", async () => {
    const id = await created({ rounds: 1 });
    const [inChannel, byDm, off, fourth] = players(4);
    for (const p of [inChannel, byDm, off, fourth]) await press(p, id, "join");
    w.app.players.setNotify(byDm, "dm");
    w.app.players.setNotify(off, "off");
    const directs: { userId: string; content: string }[] = [];
    const dmMessenger: Messenger = {
      ...messenger,
      direct: async (userId, reply) => {
        directs.push({ userId, content: reply.content });
        return { channelId: `dm-${userId}`, messageId: `dm-${directs.length}` };
      },
    };
    await command("start", w.ctx(ORGANISER));
    await sendOutbox(dmMessenger);
    const boards = sent.filter((s) => s.reply.content.includes("Tournament round 1"));
    expect(boards).toHaveLength(2);
    const mentioned = boards.flatMap((b) => b.reply.mentions ?? []);
    expect(mentioned).toContain(inChannel);
    expect(mentioned).toContain(fourth);
    expect(mentioned).not.toContain(byDm);
    expect(mentioned).not.toContain(off);
    expect(directs.map((d) => d.userId)).toEqual([byDm]);
    expect(directs[0].content).toContain("Tournament round 1");
    expect(directs[0].content).toContain("https://discord.com/channels/");
  });

  it("arena - a late entrant's game is posted by the join, announced once; export refused - 4 players", async () => {
    const id = await created({ format: "arena", minutes: 60 });
    const [a, b, c, d] = players(4);
    for (const p of [a, b, c]) await press(p, id, "join");
    await command("start", w.ctx(ORGANISER));
    await sendOutbox();
    // Three players: one game, one waiting; the fourth joins and is paired with the one waiting at once.
    sent.length = 0;
    await press(d, id, "join");
    await sendOutbox();
    const boards = sent.filter((p) => p.reply.content.includes("Arena game"));
    expect(boards).toHaveLength(1);
    expect(boards[0].reply.content).toContain(`<@${d}>`);
    // Announced once.
    await sendOutbox();
    expect(sent.filter((p) => p.reply.content.includes("Arena game"))).toHaveLength(1);
    expect(await refusal(() => command("export", w.ctx(a)))).toBe("tournament/export-swiss");
  });
});
