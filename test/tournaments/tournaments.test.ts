// Swiss tournaments through the service on a real database: rounds paired from the games' results, games
// ended through the game service, the next round paired in the last game's transaction.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ratedGamesBetween } from "../../src/competition/pair-limit.ts";
import { games, ratingChanges } from "../../src/db/schema.ts";
import type { NewTournament } from "../../src/tournaments/tournament-service.ts";
import { CHANNEL, DEFAULTS, GUILD, refusal, setup, type World } from "../support/helpers.ts";
import { startGame } from "../support/play.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

const NICKAR = "9000";
const players = (n: number) => Array.from({ length: n }, (_, i) => String(3001 + i));

function create(extra: Partial<NewTournament> = {}) {
  return w.app.tournaments.create({
    guildId: GUILD,
    channelId: CHANNEL,
    ruleset: "abapa",
    rounds: 4,
    timeLimit: DEFAULTS.timeLimit,
    rated: true,
    createdBy: "3999",
    ...extra,
  });
}

function entered(ids: readonly string[], extra: Partial<NewTournament> = {}) {
  const t = create(extra);
  for (const id of ids) w.app.tournaments.join(t.id, id);
  return t;
}

const tournament = (id: string) => w.app.tournaments.find(id);
const roundGames = (id: string, round: number) =>
  w.app.tournaments.view(id).games.filter((g) => g.tournamentRound === round);
const activeGames = (id: string) => w.app.tournaments.view(id).games.filter((g) => g.status === "active");

type Result = "south" | "north" | "draw";

/** Ends an active game through the game service: the loser resigns, or the players agree a draw. */
function end(gameId: string, result: Result): void {
  const { row } = w.app.games.find(gameId);
  if (result === "draw") {
    w.app.games.draw(gameId, row.southId, null);
    w.app.games.draw(gameId, row.northId, null);
  } else {
    w.app.games.resign(gameId, result === "south" ? row.northId : row.southId, null);
  }
  expect(w.app.games.find(gameId).row.status).toBe("finished");
}

/** A fixed rule for results: the lower id wins, except every third board is drawn. */
function resultFor(south: string, north: string, board: number): Result {
  if (board % 3 === 2) return "draw";
  return south < north ? "south" : "north";
}

describe("tournaments", () => {
  it("swiss - four rounds paired, played and scored, one bye each round to a different player - 9 players", () => {
    const ids = players(9);
    const t = entered(ids);
    expect(tournament(t.id).status).toBe("open");
    w.app.tournaments.start(t.id);
    const points = new Map(ids.map((id) => [id, 0]));
    const met = new Set<string>();
    const byes: string[] = [];
    for (let round = 1; round <= 4; round++) {
      const now = tournament(t.id);
      expect(now.currentRound).toBe(round);
      expect(now.status).toBe("running");
      const view = w.app.tournaments.view(t.id);
      const pairings = view.pairings.filter((p) => p.round === round);
      expect(pairings).toHaveLength(5);
      const bye = pairings.filter((p) => p.northId === null);
      expect(bye).toHaveLength(1);
      expect(bye[0].gameId).toBeNull();
      byes.push(bye[0].southId);
      points.set(bye[0].southId, points.get(bye[0].southId)! + 1);
      const boards = pairings.filter((p) => p.northId !== null);
      // Every player is in exactly one pairing, and the games are those of the pairings.
      expect(new Set(pairings.flatMap((p) => [p.southId, p.northId ?? p.southId])).size).toBe(9);
      const created = roundGames(t.id, round);
      expect(created.map((g) => g.id).sort()).toEqual(boards.map((p) => p.gameId).sort());
      for (const g of created) {
        expect(g.rated).toBe(true);
        expect(g.messageId).toBeNull();
        expect(g.channelId).toBe(CHANNEL);
      }
      boards.forEach((p, i) => {
        const key = [p.southId, p.northId].sort().join("-");
        expect(met.has(key)).toBe(false);
        met.add(key);
        const result = resultFor(p.southId, p.northId!, i);
        // The round waits for its last game.
        expect(tournament(t.id).currentRound).toBe(round);
        end(p.gameId!, result);
        const [s, n] = result === "south" ? [1, 0] : result === "north" ? [0, 1] : [0.5, 0.5];
        points.set(p.southId, points.get(p.southId)! + s);
        points.set(p.northId!, points.get(p.northId!)! + n);
      });
    }
    const done = tournament(t.id);
    expect(done.status).toBe("finished");
    expect(done.currentRound).toBe(4);
    expect(done.finishedAt).toBe(w.clock.now());
    expect(new Set(byes).size).toBe(4);
    const table = w.app.tournaments.standings(t.id);
    expect(table).toHaveLength(9);
    for (const s of table) expect(s.score).toBe(points.get(s.id));
    // Four games and a bye a round: 4 × 5 points.
    expect(table.reduce((sum, s) => sum + s.score, 0)).toBe(20);
    expect(table.map((s) => s.score)).toEqual([...table.map((s) => s.score)].sort((a, b) => b - a));
    expect(table[0].rank).toBe(1);
    // Rated games went through the ratings path.
    const changes = w.db().select().from(ratingChanges).all();
    expect(changes).toHaveLength(16 * 2);
    const trf = w.app.tournaments.trf(t.id, new Map([[ids[0], "Alice"]]));
    const lines = trf.split("\n").filter((l) => l.startsWith("001"));
    expect(lines).toHaveLength(9);
    expect(trf).toContain("XXR 4");
    expect(trf).toContain("Alice");
    expect(lines.filter((l) => l.includes("0000 - U"))).toHaveLength(4);
  });

  it("swiss - the next round waits for the last game of the round - an even field", () => {
    const t = entered(players(4), { rounds: 2 });
    w.app.tournaments.start(t.id);
    const [first, second] = roundGames(t.id, 1);
    end(first.id, "south");
    expect(tournament(t.id).currentRound).toBe(1);
    expect(roundGames(t.id, 2)).toEqual([]);
    end(second.id, "draw");
    expect(tournament(t.id).currentRound).toBe(2);
    expect(roundGames(t.id, 2)).toHaveLength(2);
  });

  it("swiss - a restart in the middle of a round goes on from the database - 5 players", () => {
    const ids = players(5);
    const t = entered(ids, { rounds: 3 });
    w.app.tournaments.start(t.id);
    const [first, second] = roundGames(t.id, 1);
    end(first.id, "south");
    w.restart();
    expect(tournament(t.id).currentRound).toBe(1);
    expect(activeGames(t.id).map((g) => g.id)).toEqual([second.id]);
    end(second.id, "north");
    const after = tournament(t.id);
    expect(after.currentRound).toBe(2);
    const round2 = w.app.tournaments.view(t.id).pairings.filter((p) => p.round === 2);
    const round1Bye = w.app.tournaments.view(t.id).pairings.find((p) => p.round === 1 && p.northId === null)!;
    const round2Bye = round2.find((p) => p.northId === null)!;
    expect(round2Bye.southId).not.toBe(round1Bye.southId);
    // No rematch of round 1.
    const round1 = new Set([first, second].map((g) => [g.southId, g.northId].sort().join("-")));
    for (const p of round2.filter((p) => p.northId)) {
      expect(round1.has([p.southId, p.northId!].sort().join("-"))).toBe(false);
    }
    const scores = new Map(w.app.tournaments.standings(t.id).map((s) => [s.id, s.score]));
    expect(scores.get(first.southId)).toBe(1);
    expect(scores.get(second.northId)).toBe(1);
    expect(scores.get(round1Bye.southId)).toBe(1);
  });

  it("swiss - a late entrant is paired from the next round with zero points, and entries close after round 2 - joins", () => {
    const ids = players(5);
    const t = entered(ids.slice(0, 4), { rounds: 3 });
    w.app.tournaments.start(t.id);
    const late = w.app.tournaments.join(t.id, ids[4]);
    expect(late.joinedRound).toBe(2);
    expect(w.app.tournaments.view(t.id).pairings.some((p) => p.round === 1 && p.southId === ids[4])).toBe(false);
    for (const g of roundGames(t.id, 1)) end(g.id, "south");
    expect(tournament(t.id).currentRound).toBe(2);
    const round2 = w.app.tournaments.view(t.id).pairings.filter((p) => p.round === 2);
    expect(round2.some((p) => p.southId === ids[4] || p.northId === ids[4])).toBe(true);
    expect(round2).toHaveLength(3);
    const scores = new Map(w.app.tournaments.standings(t.id).map((s) => [s.id, s.score]));
    // The late entrant starts on zero (a bye in round 2 would count once its round is played).
    expect(scores.get(ids[4])).toBe(round2.find((p) => p.northId === null)?.southId === ids[4] ? 1 : 0);
    expect(refusal(() => w.app.tournaments.join(t.id, "3100"))).toBe("tournament/closed");
    expect(refusal(() => w.app.tournaments.join(t.id, ids[0]))).toBe("tournament/closed");
  });

  it("swiss - a player who misses two games in a row is withdrawn and paired no more - time-outs", () => {
    const ids = players(4);
    const absent = ids[3];
    const t = entered(ids, { rounds: 3 });
    w.app.tournaments.start(t.id);
    for (let round = 1; round <= 2; round++) {
      for (const g of roundGames(t.id, round)) {
        if (g.southId === absent) continue;
        // The absent player's opponent moves first if they are South; then the absent player never does.
        if (g.northId === absent) w.app.games.play(g.id, g.southId, 1, null);
        else end(g.id, "south");
      }
      w.clock.advance(DEFAULTS.timeLimit * 1000 + 1);
      w.app.games.sweep();
      const missed = roundGames(t.id, round).find((g) => g.southId === absent || g.northId === absent)!;
      expect(missed.status).toBe("finished");
      expect(missed.reason).toBe("timeout");
    }
    const view = w.app.tournaments.view(t.id);
    const entrant = view.players.find((p) => p.userId === absent)!;
    expect(entrant.withdrawn).toBe(true);
    expect(entrant.missed).toBe(2);
    expect(view.players.filter((p) => p.withdrawn)).toHaveLength(1);
    expect(tournament(t.id).currentRound).toBe(3);
    const round3 = view.pairings.filter((p) => p.round === 3);
    expect(round3.some((p) => p.southId === absent || p.northId === absent)).toBe(false);
    // Three players left: one game and a bye.
    expect(round3).toHaveLength(2);
    // The withdrawn player's games still count in the standings.
    expect(w.app.tournaments.standings(t.id)).toHaveLength(4);
  });

  it("swiss - a tournament game cannot be aborted: time counts from the start - abort", () => {
    const t = entered(players(3), { rounds: 1 });
    w.app.tournaments.start(t.id);
    const [g] = roundGames(t.id, 1);
    expect(refusal(() => w.app.games.abort(g.id, g.southId))).toBe("abort/committed-tournament");
  });

  it("pair limit - tournament games neither count nor are limited - a limit of one", async () => {
    w.app.settings.update(GUILD, { ratedPairsPerDay: 1 });
    const ids = players(3);
    const t = entered(ids, { rounds: 1 });
    w.app.tournaments.start(t.id);
    const [g] = roundGames(t.id, 1);
    const [a, b] = [g.southId, g.northId];
    // A rated game between the two before their tournament game ends, played outside it: the limit is reached.
    const outside = await startGame(w, a, b);
    expect(w.app.games.find(outside).row.rated).toBe(true);
    expect(ratedGamesBetween(w.db(), GUILD, a, b, w.clock.now())).toBe(1);
    // The tournament game is rated all the same, and rated through the normal path.
    expect(g.rated).toBe(true);
    end(g.id, "south");
    const changes = w.db().select().from(ratingChanges).where(eq(ratingChanges.gameId, g.id)).all();
    expect(changes).toHaveLength(2);
    // And it is not counted: still one rated game between them today.
    expect(ratedGamesBetween(w.db(), GUILD, a, b, w.clock.now())).toBe(1);
    const other = entered([a, b, ids.find((id) => id !== a && id !== b)!], { rounds: 1 });
    w.app.tournaments.start(other.id);
    for (const game of roundGames(other.id, 1)) expect(game.rated).toBe(true);
  });

  it("swiss - cancelled: its games cancelled, nothing paired after, entries closed - cancel", () => {
    const ids = players(4);
    const t = entered(ids, { rounds: 3 });
    w.app.tournaments.start(t.id);
    const [first] = roundGames(t.id, 1);
    end(first.id, "south");
    const { tournament: cancelled, cancelledGames } = w.app.tournaments.cancel(t.id, "organiser left");
    expect(cancelled.status).toBe("cancelled");
    expect(cancelledGames).toHaveLength(1);
    const rows = w.db().select().from(games).where(eq(games.tournamentId, t.id)).all();
    expect(rows.map((r) => r.status).sort()).toEqual(["cancelled", "finished"]);
    expect(tournament(t.id).currentRound).toBe(1);
    expect(refusal(() => w.app.tournaments.cancel(t.id, "again"))).toBe("tournament/over");
    expect(refusal(() => w.app.tournaments.join(t.id, "3100"))).toBe("tournament/closed");
    expect(refusal(() => w.app.tournaments.leave(t.id, ids[0]))).toBe("tournament/over");
  });

  it("swiss - paused: the round's end pairs nothing until resumed - pause and resume", () => {
    const t = entered(players(4), { rounds: 2 });
    w.app.tournaments.start(t.id);
    expect(w.app.tournaments.pause(t.id).status).toBe("paused");
    expect(refusal(() => w.app.tournaments.pause(t.id))).toBe("tournament/not-running");
    for (const g of roundGames(t.id, 1)) end(g.id, "north");
    expect(tournament(t.id).currentRound).toBe(1);
    const resumed = w.app.tournaments.resume(t.id);
    expect(resumed.status).toBe("running");
    expect(resumed.currentRound).toBe(2);
    expect(refusal(() => w.app.tournaments.resume(t.id))).toBe("tournament/not-paused");
  });

  it("swiss - leaving before the start takes a player off, after it withdraws them and resigns their game - leave and remove", () => {
    const ids = players(5);
    const t = entered(ids, { rounds: 2 });
    expect(w.app.tournaments.leave(t.id, ids[4])).toBeNull();
    expect(w.app.tournaments.view(t.id).players.map((p) => p.userId)).toEqual(ids.slice(0, 4));
    expect(refusal(() => w.app.tournaments.leave(t.id, ids[4]))).toBe("tournament/not-joined");
    w.app.tournaments.start(t.id);
    const resigned = w.app.tournaments.removePlayer(t.id, ids[0]);
    const game = w.app.games.find(resigned!).row;
    expect(game.reason).toBe("resign");
    expect(game.winner).toBe(game.southId === ids[0] ? 1 : 0);
    expect(refusal(() => w.app.tournaments.leave(t.id, ids[0]))).toBe("tournament/not-joined");
    for (const g of activeGames(t.id)) end(g.id, "south");
    const round2 = w.app.tournaments.view(t.id).pairings.filter((p) => p.round === 2);
    expect(round2.some((p) => p.southId === ids[0] || p.northId === ids[0])).toBe(false);
    expect(round2).toHaveLength(2);
  });

  it("swiss - the last game of a round resigned by leaving pairs the next round without the player - leave", () => {
    const ids = players(4);
    const t = entered(ids, { rounds: 2 });
    w.app.tournaments.start(t.id);
    const [first, second] = roundGames(t.id, 1);
    end(first.id, "draw");
    w.app.tournaments.leave(t.id, second.northId);
    expect(tournament(t.id).currentRound).toBe(2);
    const round2 = w.app.tournaments.view(t.id).pairings.filter((p) => p.round === 2);
    expect(round2.some((p) => p.southId === second.northId || p.northId === second.northId)).toBe(false);
    expect(round2.filter((p) => p.northId === null)).toHaveLength(1);
  });

  it("swiss - an unrated tournament's games are unrated and change no rating; new games await posting - rated false", () => {
    const t = entered(players(4), { rounds: 1, rated: false });
    w.app.tournaments.start(t.id);
    const created = roundGames(t.id, 1);
    // Created inside a transaction with no message: the scheduler's unposted games pick them up.
    expect(
      w.app.games
        .unposted()
        .map((g) => g.id)
        .sort(),
    ).toEqual(created.map((g) => g.id).sort());
    for (const g of created) {
      expect(g.rated).toBe(false);
      end(g.id, "south");
    }
    expect(w.db().select().from(ratingChanges).all()).toEqual([]);
    expect(tournament(t.id).status).toBe("finished");
  });

  it("swiss - no rematch, one bye each, every point counted, across restarts - seeded random results on 7, 10 and 12 players", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const size of [7, 10, 12]) {
      const ids = players(size);
      const t = entered(ids, { rounds: 5 });
      w.app.tournaments.start(t.id);
      let total = 0;
      while (tournament(t.id).status === "running") {
        for (const g of activeGames(t.id)) {
          const r = random();
          end(g.id, r < 0.45 ? "south" : r < 0.9 ? "north" : "draw");
          total++;
          if (random() < 0.2) w.restart();
        }
      }
      const { pairings } = w.app.tournaments.view(t.id);
      expect(tournament(t.id).status).toBe("finished");
      expect(Math.max(...pairings.map((p) => p.round))).toBe(5);
      const boards = pairings.filter((p) => p.northId !== null);
      const meetings = boards.map((p) => [p.southId, p.northId!].sort().join("-"));
      expect(new Set(meetings).size).toBe(meetings.length);
      const byes = pairings.filter((p) => p.northId === null).map((p) => p.southId);
      expect(new Set(byes).size).toBe(byes.length);
      expect(byes).toHaveLength(size % 2 === 1 ? 5 : 0);
      expect(total).toBe(boards.length);
      const points = w.app.tournaments.standings(t.id).reduce((sum, x) => sum + x.score, 0);
      expect(points).toBe(boards.length + byes.length);
    }
  });

  it("swiss - listed by server and status, newest first - list", () => {
    const open = create();
    w.clock.advance(1000);
    const running = entered(players(3), { rounds: 1 });
    w.app.tournaments.start(running.id);
    expect(w.app.tournaments.list(GUILD).map((t) => t.id)).toEqual([running.id, open.id]);
    expect(w.app.tournaments.list(GUILD, ["open"]).map((t) => t.id)).toEqual([open.id]);
    expect(w.app.tournaments.list("other-guild")).toEqual([]);
  });

  it("forget-me - a tournament player is replaced by the placeholder everywhere, standings kept - a finished Swiss", () => {
    const ids = players(3);
    const t = entered(ids, { rounds: 1 });
    w.app.tournaments.start(t.id);
    for (const g of roundGames(t.id, 1)) end(g.id, "south");
    const before = w.app.tournaments.standings(t.id).map((s) => s.score);
    const { placeholder } = w.app.forget.forget(ids[0]);
    const view = w.app.tournaments.view(t.id);
    const named = JSON.stringify([view.players, view.pairings, view.games]);
    expect(named).not.toContain(`"${ids[0]}"`);
    expect(view.players.map((p) => p.userId)).toContain(placeholder);
    expect(w.app.tournaments.standings(t.id).map((s) => s.score)).toEqual(before);
  });

  it("forget-me - leaves open tournaments and withdraws from running ones before the round goes on - open and running Swiss", () => {
    const open = entered(players(3), { rounds: 2 });
    const ids = players(4);
    const running = entered(ids, { rounds: 2 });
    w.app.tournaments.start(running.id);
    const theirs = activeGames(running.id).find((g) => g.southId === ids[0] || g.northId === ids[0])!;
    for (const g of activeGames(running.id)) if (g.id !== theirs.id) end(g.id, "draw");
    // Forgetting resigns their game, the round's last: round 2 is paired without them (or their placeholder).
    const { placeholder } = w.app.forget.forget(ids[0]);
    expect(w.app.tournaments.view(open.id).players.map((p) => p.userId)).not.toContain(placeholder);
    expect(tournament(running.id).currentRound).toBe(2);
    const round2 = roundGames(running.id, 2);
    expect(round2.flatMap((g) => [g.southId, g.northId])).not.toContain(placeholder);
    expect(w.app.tournaments.view(running.id).players.find((p) => p.userId === placeholder)?.withdrawn).toBe(true);
  });

  it("swiss - refusals: Nickar, too few players, a second start, rounds, joined twice, another server - each", () => {
    const nickar = setup(() => 0.1, undefined, { bots: new Set([NICKAR]) });
    try {
      const t = nickar.app.tournaments.create({
        guildId: GUILD,
        channelId: CHANNEL,
        ruleset: "abapa",
        rounds: 3,
        timeLimit: 60,
        rated: false,
        createdBy: "1",
      });
      expect(refusal(() => nickar.app.tournaments.join(t.id, NICKAR))).toBe("tournament/bot");
    } finally {
      nickar.close();
    }
    expect(refusal(() => create({ rounds: 0 }))).toBe("tournament/rounds");
    expect(refusal(() => create({ rounds: 21 }))).toBe("tournament/rounds");
    const t = entered(players(2));
    expect(refusal(() => w.app.tournaments.join(t.id, players(1)[0]))).toBe("tournament/already-joined");
    expect(refusal(() => w.app.tournaments.start(t.id))).toBe("tournament/too-few-players");
    w.app.tournaments.join(t.id, "3100");
    w.app.tournaments.start(t.id);
    expect(refusal(() => w.app.tournaments.start(t.id))).toBe("tournament/not-open");
    expect(refusal(() => w.app.tournaments.find(t.id, "other-guild"))).toBe("tournament/not-found");
    expect(refusal(() => w.app.tournaments.find("nope"))).toBe("tournament/not-found");
  });

  it("swiss - a field where everyone has met finishes early - 3 players over 4 rounds", () => {
    const t = entered(players(3), { rounds: 4 });
    w.app.tournaments.start(t.id);
    for (let round = 1; round <= 3; round++) for (const g of roundGames(t.id, round)) end(g.id, "south");
    const done = tournament(t.id);
    expect(done.status).toBe("finished");
    expect(done.currentRound).toBe(3);
  });
});
