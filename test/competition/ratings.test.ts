import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCommand } from "../../src/commands/guards.ts";
import { COMMANDS } from "../../src/commands/index.ts";
import { INITIAL_RATING, type Rating, rateGame } from "../../src/competition/glicko.ts";
import { rebuildRatings } from "../../src/competition/rating-cache.ts";
import { ratings } from "../../src/db/schema.ts";
import type { RulesetId } from "../../src/engine/index.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import { ALICE, BOB, CAROL, CHANNEL, GUILD, options, setup, type World } from "../support/helpers.ts";
import { finish, playGame, startGame } from "../support/play.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

const DAVE = "1004";
const admin = () => w.ctx(CAROL, { canManageGuild: true });

function rating(userId: string, ruleset: RulesetId = "abapa", season?: number) {
  return w.app.ratings.stats(GUILD, ruleset, userId, season).standing;
}

function expectRating(userId: string, expected: Rating) {
  const actual = rating(userId)!;
  expect(actual.rating).toBeCloseTo(expected.rating, 6);
  expect(actual.deviation).toBeCloseTo(expected.deviation, 6);
  expect(actual.volatility).toBeCloseTo(expected.volatility, 9);
}

describe("ratings", () => {
  it("rating - winner 1662.3 ± 290.3 and loser 1337.7 - two new players, one game", async () => {
    await playGame(w, ALICE, BOB, "south");
    const winner = rating(ALICE)!;
    const loser = rating(BOB)!;
    expect(winner.rating).toBeCloseTo(1662.3, 1);
    expect(winner.deviation).toBeCloseTo(290.3, 1);
    expect(loser.rating).toBeCloseTo(1337.7, 1);
    expect(loser.deviation).toBeCloseTo(290.3, 1);
    expect(winner).toMatchObject({ games: 1, wins: 1, draws: 0, losses: 0 });
    expect(loser).toMatchObject({ games: 1, wins: 0, draws: 0, losses: 1 });
  });

  it("rating - per ruleset - a wari game leaves the abapa rating alone", async () => {
    await playGame(w, ALICE, BOB, "north", { ruleset: "wari" });
    expect(rating(ALICE)).toBeNull();
    expect(rating(BOB, "wari")!.rating).toBeCloseTo(1662.3, 1);
  });

  it("rating - unchanged - unrated, aborted and cancelled games", async () => {
    await playGame(w, ALICE, BOB, "south", { rated: false });
    const aborted = await startGame(w, ALICE, BOB);
    await COMMANDS.abort.handle(w.ctx(ALICE), options({ game: aborted }));
    const cancelled = await startGame(w, ALICE, BOB);
    await handleButton(w.ctx(ALICE), { type: "game", gameId: cancelled, ply: 0, action: { kind: "move", house: 3 } });
    await handleButton(w.ctx(BOB), { type: "game", gameId: cancelled, ply: 1, action: { kind: "move", house: 3 } });
    await COMMANDS["nickar-admin cancel"].handle(admin(), options({ game: cancelled, reason: "dispute" }));
    expect(w.app.games.get(aborted)!.row.status).toBe("aborted");
    expect(w.app.games.get(cancelled)!.row.status).toBe("cancelled");
    expect(rating(ALICE)).toBeNull();
    expect(rating(BOB)).toBeNull();
    expect(w.app.ratings.leaderboard(GUILD, "abapa").entries).toEqual([]);
  });

  it("rating - draws between equals keep 1500 - agreement", async () => {
    await playGame(w, ALICE, BOB, "draw");
    expect(rating(ALICE)!.rating).toBeCloseTo(1500, 6);
    expect(rating(ALICE)).toMatchObject({ games: 1, draws: 1 });
  });

  it("void - ratings equal a replay of the other games - three games, the middle one voided", async () => {
    await playGame(w, ALICE, BOB, "south");
    w.clock.advance(60_000);
    const middle = await playGame(w, BOB, CAROL, "south");
    w.app.games.bindMessage(middle, CHANNEL, "middle-message");
    w.clock.advance(60_000);
    await playGame(w, ALICE, CAROL, "north");

    await expect(
      runCommand(COMMANDS["nickar-admin void"], w.ctx(ALICE), options({ game: middle, reason: "cheating" })),
    ).rejects.toMatchObject({ code: "permission/manage-server" });
    const res = await COMMANDS["nickar-admin void"].handle(admin(), options({ game: middle, reason: "cheating" }));
    expect(res.reply.content).toContain("void");
    expect(res.edits?.[0].reply.content).toContain("· void");
    await expect(async () =>
      COMMANDS["nickar-admin void"].handle(admin(), options({ game: middle, reason: "again" })),
    ).rejects.toMatchObject({ code: "void/already" });

    // By hand: game 1 Alice beats Bob, game 3 Carol (new) beats Alice.
    const [alice1, bob1] = rateGame(INITIAL_RATING, INITIAL_RATING, 1);
    const [alice3, carol3] = rateGame(alice1, INITIAL_RATING, 0);
    expectRating(ALICE, alice3);
    expectRating(BOB, bob1);
    expectRating(CAROL, carol3);
    expect(rating(BOB)).toMatchObject({ games: 1, losses: 1 });
    expect(rating(CAROL)).toMatchObject({ games: 1, wins: 1 });
    expect(w.app.games.get(middle)!.row).toMatchObject({ status: "finished", winner: 0, voidReason: "cheating" });
  });

  it("void - refused - a game still in progress", async () => {
    const id = await startGame(w, ALICE, BOB);
    await expect(async () =>
      COMMANDS["nickar-admin void"].handle(admin(), options({ game: id, reason: "x" })),
    ).rejects.toMatchObject({
      code: "void/not-finished",
    });
  });

  it("rating cache - equals a full rebuild - forty games among four players, same-millisecond finishes", async () => {
    await COMMANDS["nickar-admin settings"].handle(admin(), options({ pair_limit: 0 }));
    const players = [ALICE, BOB, CAROL, DAVE];
    const results = ["south", "north", "draw"] as const;
    for (let i = 0; i < 40; i++) {
      const a = players[i % 4];
      const b = players[(i * 3 + 1) % 4] === a ? players[(i + 2) % 4] : players[(i * 3 + 1) % 4];
      await playGame(w, a, b, results[(i * 7) % 3]);
      if (i % 3 === 0) w.clock.advance(1000); // several games finish in the same millisecond
    }
    const db = w.db();
    const before = db.select().from(ratings).all();
    db.transaction((tx) => rebuildRatings(tx, { guildId: GUILD, ruleset: "abapa", season: 1 }, new Set()));
    const after = db.select().from(ratings).all();
    const key = (r: (typeof before)[number]) => r.userId;
    expect([...after].sort((x, y) => key(x).localeCompare(key(y)))).toEqual(
      [...before].sort((x, y) => key(x).localeCompare(key(y))),
    );
    expect(before.reduce((n, r) => n + r.games, 0)).toBe(80);
  });
});

describe("pair limit", () => {
  it("pair limit - later games are unrated and say so - third game in 24 hours, rated again a day later", async () => {
    await COMMANDS["nickar-admin settings"].handle(admin(), options({ pair_limit: 2 }));
    await playGame(w, ALICE, BOB, "south");
    await playGame(w, BOB, ALICE, "south");
    const res = await COMMANDS.challenge.handle(w.ctx(ALICE), options({ opponent: { id: BOB }, first: "me" }));
    expect(res.reply.content).toContain("unrated");
    expect(res.reply.content).toContain("Unrated: <@1001> and <@1002> have already started 2 rated games");
    const accepted = await handleButton(w.ctx(BOB), { type: "challenge", challengeId: res.bind!.id, action: "accept" });
    expect(w.app.games.get(accepted.bind!.id)!.row.rated).toBe(false);
    await finish(w, accepted.bind!.id, "south");
    expect(rating(ALICE)!.games).toBe(2);
    // Someone else may still play Alice rated.
    await playGame(w, CAROL, ALICE, "south");
    expect(rating(ALICE)!.games).toBe(3);
    w.clock.advance(24 * 60 * 60_000);
    const later = await playGame(w, ALICE, BOB, "south");
    expect(w.app.games.get(later)!.row.rated).toBe(true);
    expect(rating(ALICE)!.games).toBe(4);
  });

  it("pair limit - checked again on accept - two crossing challenges with a limit of one", async () => {
    await COMMANDS["nickar-admin settings"].handle(admin(), options({ pair_limit: 1 }));
    const one = await COMMANDS.challenge.handle(w.ctx(ALICE), options({ opponent: { id: BOB } }));
    const two = await COMMANDS.challenge.handle(w.ctx(BOB), options({ opponent: { id: ALICE } }));
    expect(two.reply.content).not.toContain("Unrated");
    const first = await handleButton(w.ctx(BOB), { type: "challenge", challengeId: one.bind!.id, action: "accept" });
    const second = await handleButton(w.ctx(ALICE), { type: "challenge", challengeId: two.bind!.id, action: "accept" });
    expect(w.app.games.get(first.bind!.id)!.row.rated).toBe(true);
    expect(w.app.games.get(second.bind!.id)!.row.rated).toBe(false);
    expect(second.reply.content).toContain("unrated");
    expect(second.reply.content).toContain("Unrated:");
    expect(second.notices?.[0]).toMatchObject({ users: [w.app.games.get(second.bind!.id)!.row.southId] });
  });

  it("pair limit - off - limit 0 rates every game", async () => {
    await COMMANDS["nickar-admin settings"].handle(admin(), options({ pair_limit: 0 }));
    for (let i = 0; i < 7; i++) await playGame(w, ALICE, BOB, "draw");
    expect(rating(ALICE)!.games).toBe(7);
  });
});

describe("seasons", () => {
  it("season - archives the standings and starts everyone at 1500 - season new", async () => {
    await playGame(w, ALICE, BOB, "south");
    await expect(runCommand(COMMANDS["nickar-admin season new"], w.ctx(ALICE), options())).rejects.toMatchObject({
      code: "permission/manage-server",
    });
    w.clock.advance(1000);
    // The command asks first; nothing changes until the button is pressed.
    const asked = await COMMANDS["nickar-admin season new"].handle(admin(), options());
    expect(asked.reply).toMatchObject({ ephemeral: true, content: expect.stringContaining("Start season 2?") });
    expect(w.app.ratings.currentSeason(GUILD)).toBe(1);
    const press = () => handleButton(admin(), { type: "season", season: 1 });
    await expect(async () => handleButton(w.ctx(ALICE), { type: "season", season: 1 })).rejects.toMatchObject({
      code: "season/forbidden",
    });
    const res = await press();
    expect(res.posts?.[0].reply.content).toContain("Season 2 has begun");
    expect(w.app.ratings.currentSeason(GUILD)).toBe(2);
    // A second press of the same question starts no empty season.
    await expect(press).rejects.toMatchObject({ code: "season/already" });
    expect(w.app.ratings.currentSeason(GUILD)).toBe(2);

    const now = await COMMANDS.leaderboard.handle(w.ctx(ALICE), options());
    expect(now.reply.content).toContain("season 2");
    expect(now.reply.content).toContain(
      "No rated Oware Abapa games yet: play one with /nickar challenge ruleset:abapa.",
    );
    const archived = await COMMANDS.leaderboard.handle(w.ctx(ALICE), options({ season: 1 }));
    expect(archived.reply.content).toContain("season 1 (archived)");
    expect(archived.reply.content).toContain("<@1001> **1662?**");
    await expect(async () => COMMANDS.leaderboard.handle(w.ctx(ALICE), options({ season: 3 }))).rejects.toMatchObject({
      code: "season/unknown",
    });

    w.clock.advance(1000);
    const second = await playGame(w, BOB, ALICE, "south");
    expect(rating(BOB, "abapa", 2)!.rating).toBeCloseTo(1662.3, 1);
    expect(rating(BOB, "abapa", 1)!.rating).toBeCloseTo(1337.7, 1);

    // A void in season 2 rebuilds season 2 only; the archive keeps its numbers.
    await COMMANDS["nickar-admin void"].handle(admin(), options({ game: second, reason: "test" }));
    expect(rating(BOB, "abapa", 2)).toBeNull();
    expect(rating(BOB, "abapa", 1)!.rating).toBeCloseTo(1337.7, 1);

    const list = await COMMANDS["nickar-admin season list"].handle(w.ctx(ALICE), options());
    expect(list.reply.content).toContain("Season 1: from the beginning to");
    expect(list.reply.content).toContain("Season 2: from 2025-01-01 (current)");
  });
});
