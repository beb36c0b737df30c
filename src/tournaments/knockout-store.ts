/**
 * Knockouts of series in the database, inside the caller's transaction. The bracket (core/knockout.ts) is
 * seeded at the start; each match is a first-to-N series as players know them (series-store.ts), its games
 * marked with the tournament and round, stored as a pairing with its series. A bye's pairing has no north.
 * When a series ends, every match whose two feeders are decided starts at once; the tournament finishes when
 * the final is decided (the format's rules, formats/knockout.ts, through tournament-progress.ts). A withdrawn
 * player's match is given away: a series in progress resigned in their name, one not yet started played as a
 * bye for the opponent.
 */
import { eq, inArray } from "drizzle-orm";
import { insertSeriesGame, resignSeries, scoreOf, seriesGames } from "../competition/series-store.ts";
import type { Db, Tx } from "../db/client.ts";
import { type SeriesRow, series, type TournamentRow, tournamentPairings } from "../db/schema.ts";
import { newId } from "../games/ids.ts";
import {
  bracketRounds,
  champion,
  type Decided,
  type KnockoutStanding,
  knockoutStandings,
  readyMatches,
  seedBracket,
  seedsOf,
} from "./core/index.ts";
import type { KnockoutMatch } from "./formats/format.ts";
import { tournamentEntrants, tournamentPairingRows, updateTournament } from "./tournament-store.ts";

/** The series of a knockout's matches, by id. */
export function knockoutSeries(tx: Tx | Db, t: TournamentRow): Map<string, SeriesRow> {
  const ids = tournamentPairingRows(tx, t.id)
    .map((p) => p.seriesId)
    .filter((id): id is string => id !== null);
  if (ids.length === 0) return new Map();
  return new Map(
    tx
      .select()
      .from(series)
      .where(inArray(series.id, ids))
      .all()
      .map((s) => [s.id, s]),
  );
}

/** The decided matches: byes, and series with a winner (finished or resigned). */
export function decidedMatches(tx: Tx | Db, t: TournamentRow): Decided[] {
  const byId = knockoutSeries(tx, t);
  return tournamentPairingRows(tx, t.id).flatMap((p) => {
    const index = p.board - 1;
    if (p.northId === null) return [{ round: p.round, index, winner: p.southId }];
    const winner = p.seriesId ? byId.get(p.seriesId)?.winnerId : null;
    return winner ? [{ round: p.round, index, winner }] : [];
  });
}

/** A match between `top` (South in its first game) and `bottom`: its series and first game, or a walkover. */
function startMatch(tx: Tx, t: TournamentRow, round: number, index: number, top: string, bottom: string, now: number) {
  const withdrawn = new Set(
    tournamentEntrants(tx, t.id)
      .filter((p) => p.withdrawn)
      .map((p) => p.userId),
  );
  const pairing = { tournamentId: t.id, round, board: index + 1 };
  // A withdrawn player gives the match away before it starts (both withdrawn: the higher seed, top, goes on).
  if (withdrawn.has(top) || withdrawn.has(bottom)) {
    const through = withdrawn.has(top) && !withdrawn.has(bottom) ? bottom : top;
    tx.insert(tournamentPairings)
      .values({ ...pairing, southId: through, northId: null })
      .run();
    return;
  }
  const s = tx
    .insert(series)
    .values({
      id: newId(),
      guildId: t.guildId,
      channelId: t.channelId,
      ruleset: t.ruleset,
      playerA: top,
      playerB: bottom,
      firstTo: t.firstTo ?? 1,
      rated: t.rated,
      timeLimit: t.timeLimit,
      createdAt: now,
    })
    .returning()
    .get();
  const game = insertSeriesGame(tx, s, top, 1, t.rated, now, t.id, round);
  tx.insert(tournamentPairings)
    .values({ ...pairing, southId: top, northId: bottom, gameId: game.id, seriesId: s.id })
    .run();
}

/**
 * Starts every match whose feeders are decided (a walkover can make the next one ready at once), until none
 * is ready or the final is decided (the caller finishes it: `knockoutDecided`).
 */
export function startReadyMatches(tx: Tx, t: TournamentRow, now: number): TournamentRow {
  let current = t;
  for (;;) {
    const decided = decidedMatches(tx, current);
    if (champion(current.rounds, decided)) return current;
    const started = new Set(tournamentPairingRows(tx, current.id).map((p) => `${p.round}:${p.board - 1}`));
    const ready = readyMatches(current.rounds, decided, started);
    if (ready.length === 0) return current;
    for (const m of ready) startMatch(tx, current, m.round, m.index, m.top, m.bottom, now);
    const round = Math.max(current.currentRound, ...ready.map((m) => m.round));
    current = updateTournament(tx, current, { currentRound: round, updatedAt: now });
  }
}

/** Whether the final is decided. */
export function knockoutDecided(tx: Tx | Db, t: TournamentRow): boolean {
  return champion(t.rounds, decidedMatches(tx, t)) !== null;
}

/** Seeds the bracket by the entrants' ratings and starts round 1 (and any match two byes make ready). */
export function startKnockout(tx: Tx, t: TournamentRow, now: number): TournamentRow {
  const entrants = tournamentEntrants(tx, t.id).filter((p) => !p.withdrawn);
  const running = updateTournament(tx, t, {
    status: "running",
    rounds: bracketRounds(entrants.length),
    currentRound: 1,
    updatedAt: now,
  });
  seedBracket(entrants.map((p) => ({ id: p.userId, rating: p.rating }))).forEach(([top, bottom], index) => {
    if (top && bottom) startMatch(tx, running, 1, index, top.id, bottom.id, now);
    else if (top ?? bottom) {
      const through = (top ?? bottom)!.id;
      tx.insert(tournamentPairings)
        .values({ tournamentId: t.id, round: 1, board: index + 1, southId: through, northId: null })
        .run();
    }
  });
  return startReadyMatches(tx, running, now);
}

/** Whether the series has a winner (finished, or resigned in a withdrawn player's name). */
export function seriesDecided(tx: Tx | Db, seriesId: string): boolean {
  const s = tx.select({ winnerId: series.winnerId }).from(series).where(eq(series.id, seriesId)).get();
  return Boolean(s?.winnerId);
}

/** A player withdrawn after the start gives their match in progress away (the series resigned in their name). */
export function forfeitMatch(tx: Tx, t: TournamentRow, userId: string, now: number): void {
  for (const s of knockoutSeries(tx, t).values()) {
    if (s.status === "active" && (s.playerA === userId || s.playerB === userId)) resignSeries(tx, s, userId, now);
  }
}

/**
 * A knockout's standings (core/knockout-results.ts): the champion first, then by place (the runner-up 2,
 * the semi-finalists 3 …); a player still in is ranked at the place of losing now, before those out there.
 * Score: matches won, byes included.
 */
export function knockoutTable(tx: Tx | Db, t: TournamentRow): { rank: number; id: string; score: number }[] {
  return knockoutResults(tx, t).map((r) => ({ rank: r.rank, id: r.id, score: r.matchesWon }));
}

/** Each player's standing: still in, out in which round and to whom, or champion. */
export function knockoutResults(tx: Tx | Db, t: TournamentRow): KnockoutStanding[] {
  const entrants = tournamentEntrants(tx, t.id);
  const seeds = seedsOf(entrants.map((p) => ({ id: p.userId, rating: p.rating })));
  const withdrawn = new Set(entrants.filter((p) => p.withdrawn).map((p) => p.userId));
  return knockoutStandings(t.rounds, knockoutMatches(tx, t), seeds, withdrawn);
}

/** Every match started so far (byes too), round by round, with its series score. */
export function knockoutMatches(tx: Tx | Db, t: TournamentRow): KnockoutMatch[] {
  const byId = knockoutSeries(tx, t);
  return tournamentPairingRows(tx, t.id).map((p) => {
    const s = p.seriesId ? byId.get(p.seriesId) : undefined;
    const score = s ? scoreOf(s, seriesGames(tx, s.id)) : null;
    return {
      round: p.round,
      board: p.board,
      top: p.southId,
      bottom: p.northId,
      topWins: score?.wins[p.southId] ?? 0,
      bottomWins: p.northId ? (score?.wins[p.northId] ?? 0) : 0,
      winner: p.northId === null ? p.southId : (s?.winnerId ?? null),
    };
  });
}

/** A cancelled knockout's series in progress end with no result (abandoned), before their games are cancelled. */
export function abandonSeries(tx: Tx, t: TournamentRow, now: number): void {
  const ids = [...knockoutSeries(tx, t).values()].filter((s) => s.status === "active").map((s) => s.id);
  if (ids.length === 0) return;
  tx.update(series).set({ status: "abandoned", finishedAt: now }).where(inArray(series.id, ids)).run();
}
