// Arenas and knockouts of series through the tournament service on a real database: games ended through the
// game service, the next pairings (an arena's free players, a knockout's ready matches) made in the
// ended game's transaction, results read back from the games and series.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NewTournament } from "../../src/tournaments/tournament-service.ts";
import { CHANNEL, DEFAULTS, GUILD, refusal, setup, type World } from "../support/helpers.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

const players = (n: number) => Array.from({ length: n }, (_, i) => String(4001 + i));

function entered(ids: readonly string[], extra: Partial<NewTournament>) {
  const t = w.app.tournaments.create({
    guildId: GUILD,
    channelId: CHANNEL,
    ruleset: "abapa",
    timeLimit: DEFAULTS.timeLimit,
    rated: true,
    createdBy: "4999",
    ...extra,
  });
  for (const id of ids) w.app.tournaments.join(t.id, id);
  return t;
}

const active = (id: string) => w.app.tournaments.view(id).games.filter((g) => g.status === "active");

/** The player of the game who loses (resigns), the other wins. */
function resign(gameId: string, loser: string): void {
  w.app.games.resign(gameId, loser, null);
}

describe("arena", () => {
  it("arena - free players paired at once, never twice at a time nor with the last opponent, flame after two wins - 6 players", () => {
    const ids = players(6);
    const t = entered(ids, { format: "arena", minutes: 60 });
    w.app.tournaments.start(t.id);
    expect(active(t.id)).toHaveLength(3);
    for (let step = 0; step < 30; step++) {
      const games = active(t.id);
      const busy = games.flatMap((g) => [g.southId, g.northId]);
      expect(new Set(busy).size).toBe(busy.length);
      for (const g of games) expect(g.southId).not.toBe(g.northId);
      const g = games[step % games.length];
      if (!g) break;
      // ids[0] wins every game; otherwise the lower id loses.
      const [lower, higher] = [g.southId, g.northId].sort();
      resign(g.id, lower === ids[0] ? higher : lower);
      w.clock.advance(60_000);
    }
    const view = w.app.tournaments.view(t.id);
    // No one met the same opponent twice running.
    for (const id of ids) {
      const mine = view.games.filter((g) => g.southId === id || g.northId === id);
      for (let i = 1; i < mine.length; i++) {
        const prev = mine[i - 1].southId === id ? mine[i - 1].northId : mine[i - 1].southId;
        const next = mine[i].southId === id ? mine[i].northId : mine[i].southId;
        expect(next, `${id} met ${next} twice running`).not.toBe(prev);
      }
    }
    const table = w.app.tournaments.table(t.id);
    const top = table.find((r) => r.id === ids[0])!;
    expect(top.rank).toBe(1);
    expect(top.onFire).toBe(true);
    // Two wins score 2 each, every later win 4.
    expect(top.score).toBe(2 + 2 + 4 * (top.played - 2));
  });

  it("arena - a player who leaves pauses, is not paired, and comes back by joining - 4 players", () => {
    const ids = players(4);
    const t = entered(ids, { format: "arena", minutes: 60 });
    w.app.tournaments.start(t.id);
    const [g1, g2] = active(t.id);
    const pauser = g1.southId;
    expect(w.app.tournaments.leave(t.id, pauser)).toBeNull();
    // The game in progress goes on.
    expect(w.app.games.find(g1.id).row.status).toBe("active");
    resign(g1.id, pauser);
    resign(g2.id, g2.southId);
    expect(active(t.id).some((g) => g.southId === pauser || g.northId === pauser)).toBe(false);
    w.app.tournaments.join(t.id, pauser);
    expect(w.app.tournaments.view(t.id).players.find((p) => p.userId === pauser)?.paused).toBe(false);
  });

  it("arena - no pairing after its time, the games in progress finish and count, then it is over", () => {
    const ids = players(4);
    const t = entered(ids, { format: "arena", minutes: 30 });
    w.app.tournaments.start(t.id);
    // Entries close in the last quarter.
    w.clock.advance(23 * 60_000);
    expect(refusal(() => w.app.tournaments.join(t.id, "4100"))).toBe("tournament/closed");
    w.clock.advance(8 * 60_000);
    // Its end has passed: it no longer keeps the scheduler's timer short while its last games go on.
    expect(w.app.tournaments.nextDue()).toBeNull();
    const [g1, g2] = active(t.id);
    resign(g1.id, g1.northId);
    expect(active(t.id)).toHaveLength(1);
    expect(w.app.tournaments.find(t.id).status).toBe("running");
    resign(g2.id, g2.northId);
    const done = w.app.tournaments.find(t.id);
    expect(done.status).toBe("finished");
    expect(done.finishedByGame).toBe(g2.id);
    expect(w.app.tournaments.table(t.id).filter((r) => r.score === 2)).toHaveLength(2);
  });

  it("arena - finished by the scheduler's call when no game is left at its time", () => {
    const ids = players(3);
    const t = entered(ids, { format: "arena", minutes: 10 });
    w.app.tournaments.start(t.id);
    const [g] = active(t.id);
    const third = ids.find((id) => id !== g.southId && id !== g.northId)!;
    w.app.tournaments.leave(t.id, third);
    resign(g.id, g.southId);
    // The only two left, with nobody else playing: they meet again at once.
    const [again] = active(t.id);
    expect([again.southId, again.northId].sort()).toEqual([g.southId, g.northId].sort());
    // Both pause: their game goes on, and after it nobody is paired.
    w.app.tournaments.leave(t.id, g.southId);
    w.app.tournaments.leave(t.id, g.northId);
    resign(again.id, again.southId);
    expect(active(t.id)).toHaveLength(0);
    // What the scheduler does at each sweep.
    const finishArenas = () =>
      w.app.tournaments
        .arenasPastTheirEnd()
        .map((a) => w.app.tournaments.finishArena(a.id)?.id)
        .filter(Boolean);
    expect(finishArenas()).toHaveLength(0);
    expect(w.app.tournaments.nextDue()).toBe(w.app.tournaments.find(t.id).endsAt);
    w.clock.advance(10 * 60_000);
    expect(finishArenas()).toEqual([t.id]);
    // Finished once: the next sweep finds nothing, and no past end keeps the scheduler's timer short.
    expect(finishArenas()).toEqual([]);
    expect(w.app.tournaments.nextDue()).toBeNull();
    expect(w.app.tournaments.find(t.id).status).toBe("finished");
  });
});

describe("knockout", () => {
  it("knockout - byes to the top seeds, each match a series, exactly the winners advance, champion - 5 players first to 2", () => {
    const ids = players(5);
    const t = entered(ids, { format: "knockout", firstTo: 2 });
    w.app.tournaments.start(t.id);
    let view = w.app.tournaments.view(t.id);
    expect(view.tournament.rounds).toBe(3);
    // 5 in a bracket of 8: three byes, one match in round 1 (seeds 4 and 5: equal ratings, by id).
    const round1 = view.matches.filter((m) => m.round === 1);
    expect(round1.filter((m) => m.bottom === null).map((m) => m.top)).toEqual([ids[0], ids[1], ids[2]]);
    expect(round1.filter((m) => m.bottom !== null).map((m) => [m.top, m.bottom])).toEqual([[ids[3], ids[4]]]);
    // Seeds 2 and 3 met their byes in the same half: their round-2 match starts at once.
    expect(view.matches.filter((m) => m.round === 2).map((m) => [m.top, m.bottom])).toEqual([[ids[1], ids[2]]]);
    // The lower seed wins every match 2-0 (the higher id resigns... the opposite: the higher id wins).
    const winnerOf = (a: string, b: string) => (a > b ? a : b);
    for (let i = 0; i < 20 && w.app.tournaments.find(t.id).status === "running"; i++) {
      for (const g of active(t.id)) resign(g.id, winnerOf(g.southId, g.northId) === g.southId ? g.northId : g.southId);
    }
    view = w.app.tournaments.view(t.id);
    expect(view.tournament.status).toBe("finished");
    for (const m of view.matches.filter((x) => x.bottom !== null)) {
      expect(m.winner).toBe(winnerOf(m.top, m.bottom!));
      expect(Math.max(m.topWins, m.bottomWins)).toBe(2);
    }
    // Each round's players are exactly the previous round's winners.
    for (const round of [2, 3]) {
      const entrants = view.matches.filter((m) => m.round === round).flatMap((m) => [m.top, m.bottom].filter(Boolean));
      const winners = view.matches.filter((m) => m.round === round - 1).map((m) => m.winner);
      expect(entrants.sort()).toEqual(winners.sort());
    }
    const table = w.app.tournaments.table(t.id);
    expect(table[0].id).toBe(view.matches.find((m) => m.round === 3)!.winner);
    expect(table[0].rank).toBe(1);
    expect(table[1].rank).toBe(2);
  });

  it("knockout - a player who leaves gives their match away, the next match starts - withdrawal mid-series", () => {
    const ids = players(4);
    const t = entered(ids, { format: "knockout", firstTo: 3 });
    w.app.tournaments.start(t.id);
    const [first] = active(t.id);
    const leaver = first.southId;
    const opponent = first.northId;
    w.app.tournaments.leave(t.id, leaver);
    const view = w.app.tournaments.view(t.id);
    const match = view.matches.find((m) => m.round === 1 && (m.top === leaver || m.bottom === leaver))!;
    expect(match.winner).toBe(opponent);
    // The other semi-final still runs: once it ends the final starts.
    const other = active(t.id)[0];
    for (let i = 0; i < 3; i++) resign(active(t.id).find((g) => g.seriesId === other.seriesId)!.id, other.northId);
    const final = w.app.tournaments.view(t.id).matches.find((m) => m.round === 2)!;
    expect([final.top, final.bottom]).toContain(opponent);
  });

  it("knockout - a player who misses two games in a row loses the match and is withdrawn - nobody moves", () => {
    const t = entered(players(3), { format: "knockout", firstTo: 2 });
    w.app.tournaments.start(t.id);
    for (let i = 0; i < 10 && w.app.tournaments.find(t.id).status === "running"; i++) {
      w.clock.advance(DEFAULTS.timeLimit * 1000 + 1);
      w.app.games.sweep();
    }
    const view = w.app.tournaments.view(t.id);
    // Round 1, seeds 2 and 3: 4002 misses games 1 and 3 (South in both; 4003 missed game 2), so 4003 goes
    // through; in the final 4003 misses game 2 after seed 1 missed game 1 and the games before: 4001 wins.
    const [p1, p2, p3] = players(3);
    const semi = view.matches.find((m) => m.round === 1 && m.bottom !== null)!;
    expect([semi.top, semi.bottom, semi.winner]).toEqual([p2, p3, p3]);
    const semiGames = view.games.filter((g) => g.tournamentRound === 1);
    expect(semiGames.map((g) => [g.southId, g.reason])).toEqual([
      [p2, "timeout"],
      [p3, "timeout"],
      [p2, "timeout"],
    ]);
    expect(
      view.players
        .filter((p) => p.withdrawn)
        .map((p) => p.userId)
        .sort(),
    ).toEqual([p2, p3]);
    expect(view.matches.find((m) => m.round === 2)?.winner).toBe(p1);
    expect(view.tournament.status).toBe("finished");
  });

  it("knockout - refused - entries after the start, the TRF export", () => {
    const t = entered(players(3), { format: "knockout", firstTo: 1 });
    w.app.tournaments.start(t.id);
    expect(refusal(() => w.app.tournaments.join(t.id, "4100"))).toBe("tournament/closed");
    expect(refusal(() => w.app.tournaments.trf(t.id))).toBe("tournament/export-swiss");
  });

  it("knockout - cancelled: its games end with no result and no match goes on - 4 players, first to 2", () => {
    const t = entered(players(4), { format: "knockout", firstTo: 2 });
    w.app.tournaments.start(t.id);
    expect(active(t.id)).toHaveLength(2);
    w.app.tournaments.cancel(t.id, "");
    expect(active(t.id)).toHaveLength(0);
    expect(w.app.tournaments.view(t.id).games.every((g) => g.status === "cancelled")).toBe(true);
    const series = w.app.tournaments.view(t.id).matches.filter((m) => m.bottom !== null);
    expect(series.every((m) => m.winner === null)).toBe(true);
    expect(w.app.series.standings(GUILD).running).toHaveLength(0);
  });
});
