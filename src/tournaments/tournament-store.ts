/**
 * Swiss tournaments in the database, inside the caller's transaction. A round is paired by the pure
 * core (src/tournaments: `pairSwiss`, FIDE's Dutch system, over the rounds played), its
 * pairings stored in `tournament_pairings` and its games created like a series' next game
 * (`insertGame`, with `games.tournament_id` and `tournament_round`). Results are read from the games,
 * never copied: the move list stays the truth. When a tournament game ends (the competition hook, in
 * the game's own transaction) the missed-game counters move, and once every game of the round has
 * ended the next round is paired (a large field's off the event loop: swiss-rounds.ts), or the tournament
 * finishes after its last (formats/swiss.ts).
 *
 * Conventions: a bye scores as a win (the pure core's); a game with no result (cancelled by an
 * administrator) counts as not played for both; a player withdrawn (left, removed, or two games missed
 * in a row) keeps the games played but is paired no more; a late entrant starts with zero points.
 */
import { and, asc, eq } from "drizzle-orm";
import { INITIAL_RATING } from "../competition/glicko.ts";
import { currentSeason } from "../competition/seasons.ts";
import { resignSeries } from "../competition/series-store.ts";
import type { Db, Tx } from "../db/client.ts";
import {
  type GameRow,
  games,
  ratings,
  series,
  type TournamentPairingRow,
  type TournamentPlayerRow,
  type TournamentRow,
  tournamentPairings,
  tournamentPlayers,
  tournaments,
} from "../db/schema.ts";
import { opponent } from "../engine/index.ts";
import { insertGame } from "../games/game-store.ts";
import { snapshotOf } from "../games/snapshot.ts";
import {
  type GameResult,
  type PairingResult,
  pairSwiss,
  playersAfter,
  type SwissGame,
  type SwissPair,
  type SwissRound,
  type SwissTournament,
} from "./core/index.ts";

/** Games missed in a row (lost on time without a move) that withdraw a player. */
export const MISSED_TO_WITHDRAW = 2;

export function tournamentRow(tx: Tx | Db, id: string): TournamentRow | null {
  return tx.select().from(tournaments).where(eq(tournaments.id, id)).get() ?? null;
}

export function tournamentEntrants(tx: Tx | Db, id: string): TournamentPlayerRow[] {
  return tx
    .select()
    .from(tournamentPlayers)
    .where(eq(tournamentPlayers.tournamentId, id))
    .orderBy(asc(tournamentPlayers.joinedAt), asc(tournamentPlayers.userId))
    .all();
}

export function tournamentPairingRows(tx: Tx | Db, id: string): TournamentPairingRow[] {
  return tx
    .select()
    .from(tournamentPairings)
    .where(eq(tournamentPairings.tournamentId, id))
    .orderBy(asc(tournamentPairings.round), asc(tournamentPairings.board))
    .all();
}

export function tournamentGames(tx: Tx | Db, id: string, round?: number): GameRow[] {
  return tx
    .select()
    .from(games)
    .where(and(eq(games.tournamentId, id), round === undefined ? undefined : eq(games.tournamentRound, round)))
    .orderBy(asc(games.tournamentRound), asc(games.createdAt))
    .all();
}

/** The player's rating in the ruleset this season, the seeding of the start list (a new player: 1500). */
export function seedRating(tx: Tx | Db, t: Pick<TournamentRow, "guildId" | "ruleset">, userId: string): number {
  const season = currentSeason(tx, t.guildId);
  const row = tx
    .select({ rating: ratings.rating })
    .from(ratings)
    .where(
      and(
        eq(ratings.guildId, t.guildId),
        eq(ratings.ruleset, t.ruleset),
        eq(ratings.season, season),
        eq(ratings.userId, userId),
      ),
    )
    .get();
  return row?.rating ?? INITIAL_RATING.rating;
}

function resultOf(row: Pick<GameRow, "status" | "winner">): GameResult | null {
  if (row.status !== "finished") return null;
  return row.winner === 0 ? "south" : row.winner === 1 ? "north" : "draw";
}

/**
 * The tournament as the pure core reads it: every entrant, and the rounds paired so far with the
 * results of their ended games (a game in progress or without a result is left out).
 */
export function swissRecord(tx: Tx | Db, t: TournamentRow): SwissTournament {
  const entrants = tournamentEntrants(tx, t.id).map((p) => ({ id: p.userId, name: p.userId, rating: p.rating }));
  // Only what a result needs: the pairing job reads this twice for a round (swiss-rounds.ts), once under the lock.
  const results = tx
    .select({ id: games.id, status: games.status, winner: games.winner })
    .from(games)
    .where(eq(games.tournamentId, t.id))
    .all();
  const byId = new Map(results.map((g) => [g.id, g]));
  const played: { games: SwissGame[]; bye: string | null }[] = Array.from({ length: t.currentRound }, () => ({
    games: [],
    bye: null,
  }));
  for (const p of tournamentPairingRows(tx, t.id)) {
    const round = played[p.round - 1];
    if (!round) continue;
    if (p.northId === null) {
      round.bye = p.southId;
      continue;
    }
    const game = p.gameId ? byId.get(p.gameId) : undefined;
    const result = game ? resultOf(game) : null;
    if (result) round.games.push({ south: p.southId, north: p.northId, result });
  }
  return { name: t.id, rounds: t.rounds, firstSide: t.firstSide, entrants, played: played as SwissRound[] };
}

/** The players to pair in `round`: entered by then and not withdrawn. */
export function pairable(tx: Tx | Db, t: TournamentRow, round: number) {
  const active = new Set(
    tournamentEntrants(tx, t.id)
      .filter((p) => !p.withdrawn && p.joinedRound <= round)
      .map((p) => p.userId),
  );
  return playersAfter(swissRecord(tx, t)).filter((p) => active.has(p.id));
}

export function updateTournament(tx: Tx, t: TournamentRow, changes: Partial<TournamentRow>): TournamentRow {
  return tx.update(tournaments).set(changes).where(eq(tournaments.id, t.id)).returning().get()!;
}

export function finishTournament(tx: Tx, t: TournamentRow, now: number, byGame: string | null): TournamentRow {
  return updateTournament(tx, t, {
    status: "finished",
    updatedAt: now,
    finishedAt: now,
    finishedByGame: byGame,
    pairingRound: null,
    pairingByGame: null,
  });
}

/**
 * The largest Swiss field paired inside the transaction that decides its round: at most a few tens of
 * milliseconds of CPU (docs/benchmarks.md). A larger field's round is recorded as waiting (`pairingRound`) and
 * paired off the event loop by the pairing job (swiss-rounds.ts), so that the transaction holds the write lock
 * for no longer than its reads and writes.
 */
export const INLINE_PAIRING_MAX = 32;

/**
 * Decides the next round: paired at once with its games created (a bye is a pairing without a game) for a
 * field of at most INLINE_PAIRING_MAX, else recorded as waiting for the pairing job. When fewer than two
 * players are left the tournament finishes instead. `byGame`: the game whose end asks for the round (null at
 * the start or on a resume).
 */
export function pairNextRound(tx: Tx, t: TournamentRow, now: number, byGame: string | null = null): TournamentRow {
  const round = t.currentRound + 1;
  const players = pairable(tx, t, round);
  if (players.length < 2) return finishTournament(tx, t, now, byGame);
  if (players.length > INLINE_PAIRING_MAX) {
    const status = t.status === "open" ? "running" : t.status;
    return updateTournament(tx, t, { status, pairingRound: round, pairingByGame: byGame, updatedAt: now });
  }
  return storeRound(tx, t, round, pairSwiss(swissRecord(tx, t), players), now, byGame);
}

/**
 * Stores round `round`'s pairing and creates its games, or, when no pairing keeps the absolute criteria
 * (everyone has met), finishes the tournament.
 */
export function storeRound(
  tx: Tx,
  t: TournamentRow,
  round: number,
  paired: PairingResult,
  now: number,
  byGame: string | null,
): TournamentRow {
  if (!paired.ok) return finishTournament(tx, t, now, byGame);
  storePairs(tx, t, round, paired.value.pairs, paired.value.bye, now);
  return updateTournament(tx, t, {
    status: t.status === "open" ? "running" : t.status,
    currentRound: round,
    pairingRound: null,
    pairingByGame: null,
    updatedAt: now,
  });
}

/** A round's (or an arena wave's) boards: a game and a pairing each, then the bye (a pairing without a game). */
export function storePairs(
  tx: Tx,
  t: TournamentRow,
  round: number,
  pairs: readonly SwissPair[],
  bye: string | null,
  now: number,
): void {
  pairs.forEach((pair, i) => {
    const game = insertGame(
      tx,
      {
        guildId: t.guildId,
        channelId: t.channelId,
        messageId: null,
        ruleset: t.ruleset,
        southId: pair.south,
        northId: pair.north,
        timeLimit: t.timeLimit,
        // Rated as the tournament is, through the normal ratings path; the pair limit does not apply.
        rated: t.rated,
        tournamentId: t.id,
        tournamentRound: round,
      },
      now,
    );
    tx.insert(tournamentPairings)
      .values({ tournamentId: t.id, round, board: i + 1, southId: pair.south, northId: pair.north, gameId: game.id })
      .run();
  });
  if (bye) {
    tx.insert(tournamentPairings)
      .values({ tournamentId: t.id, round, board: pairs.length + 1, southId: bye, northId: null, gameId: null })
      .run();
  }
}

/** Whether every game of the tournament's current round has ended. */
export function roundComplete(tx: Tx | Db, t: TournamentRow): boolean {
  return tournamentGames(tx, t.id, t.currentRound).every((g) => g.status !== "active");
}

/** The player of an ended game who missed it: lost on time without a move, or never made the first move. */
export function missedBy(row: GameRow): string | null {
  if (row.reason === "timeout" && row.winner !== null) {
    const loser = opponent(row.winner);
    return snapshotOf(row).state.movers.includes(loser) ? null : loser === 0 ? row.southId : row.northId;
  }
  if (row.reason === "no-first-move") {
    const toMove = snapshotOf(row).state.position.toMove;
    return toMove === 0 ? row.southId : row.northId;
  }
  return null;
}

export function withdraw(tx: Tx, tournamentId: string, userId: string, now: number): void {
  tx.update(tournamentPlayers)
    .set({ withdrawn: true, withdrawnAt: now })
    .where(and(eq(tournamentPlayers.tournamentId, tournamentId), eq(tournamentPlayers.userId, userId)))
    .run();
}

/**
 * The absences step of a tournament game's end (the competition hook, in the game's transaction, before
 * the series step): the missed-game counters move, and a player who missed MISSED_TO_WITHDRAW in a row
 * is withdrawn (in a knockout, that gives their match away). A player's count goes back to zero only when
 * they moved in the game: the opponent of a game that never started missed nothing, but played nothing.
 */
export function countAbsences(tx: Tx, row: GameRow, now: number): void {
  if (!row.tournamentId) return;
  const t = tournamentRow(tx, row.tournamentId);
  if (!t || (t.status !== "running" && t.status !== "paused")) return;
  const missed = missedBy(row);
  const movers = snapshotOf(row).state.movers;
  [row.southId, row.northId].forEach((userId, seat) => {
    const key = and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, userId));
    const entrant = tx.select().from(tournamentPlayers).where(key).get();
    if (!entrant) return;
    const count = userId === missed ? entrant.missed + 1 : movers.includes(seat as 0 | 1) ? 0 : entrant.missed;
    tx.update(tournamentPlayers).set({ missed: count }).where(key).run();
    if (count >= MISSED_TO_WITHDRAW && !entrant.withdrawn) {
      withdraw(tx, t.id, userId, now);
      if (row.seriesId) forfeitSeries(tx, row.seriesId, userId, now);
    }
  });
}

/** A withdrawn player's knockout match is given to the opponent (the series resigned in their name). */
function forfeitSeries(tx: Tx, seriesId: string, userId: string, now: number): void {
  const s = tx.select().from(series).where(eq(series.id, seriesId)).get();
  if (s?.status === "active") resignSeries(tx, s, userId, now);
}
