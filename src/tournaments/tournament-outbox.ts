/**
 * What a tournament's transaction decided that players must read, written to the outbox in that same
 * transaction (see `outbox` in src/db/schema.ts): a round's pairings with its boards (a Swiss round, an arena's
 * new games, a knockout's new matches), a withdrawal for missed games, the final standings (after the deciding
 * game's ending), the line of a start at the set time. Called at the end of every transaction that may pair,
 * withdraw or finish; it reads the state and writes what is new, each under a key of its own, so a decision is
 * written once however often it is seen.
 */
import type { Tx } from "../db/client.ts";
import { enqueue, outboxOf } from "../db/outbox.ts";
import type { TournamentRow } from "../db/schema.ts";
import { endingKey } from "../games/endings.ts";
import { MISSED_TO_WITHDRAW, tournamentEntrants, tournamentGames, tournamentRow } from "./tournament-store.ts";

export const TOURNAMENT_ROUND = "tournament-round";
export const TOURNAMENT_FINAL = "tournament-final";
export const TOURNAMENT_WITHDRAWN = "tournament-withdrawn";
export const TOURNAMENT_ON_TIME = "tournament-on-time";

/** What the line of a tournament the scheduler handled at its start time says. */
export interface OnTimeArgs {
  /** Started (else cancelled, too few joined). */
  readonly started: boolean;
  /** The round it paired (1): the line says what was decided, whatever was played since. */
  readonly round: number;
}

/** The games a round post announces. */
export interface RoundArgs {
  readonly games: readonly string[];
}

/**
 * Writes the posts the transaction decided for tournament `id` (at `now`); nothing when there are none.
 * `roundAfter`: the game whose end asked for a round paired later, by the pairing job (swiss-rounds.ts): the
 * round is posted after that game's "… is over" (when the round is paired in the game's own transaction, the
 * ending's poster posts it first).
 */
export function recordTournamentPosts(tx: Tx, id: string, now: number, roundAfter: string | null = null): void {
  const t = tournamentRow(tx, id);
  if (!t || t.status === "open" || t.status === "cancelled") return;
  const where = { guildId: t.guildId, channelId: t.channelId, subjectId: t.id };
  for (const p of tournamentEntrants(tx, id)) {
    if (!p.withdrawn || p.missed < MISSED_TO_WITHDRAW || p.withdrawnAt !== now) continue;
    const key = `tournament:${id}:withdrawn:${p.userId}`;
    enqueue(tx, { ...where, key, kind: TOURNAMENT_WITHDRAWN, userId: p.userId, args: { missed: p.missed } }, now);
  }
  recordRound(tx, t, now, roundAfter ? endingKey(roundAfter) : null);
  if (t.status === "finished") {
    // After the deciding game's "… is over" (an arena finished at its time has none).
    const afterKey = t.finishedByGame ? endingKey(t.finishedByGame) : null;
    enqueue(tx, { ...where, key: `tournament:${id}:final`, kind: TOURNAMENT_FINAL, afterKey }, now);
  }
}

/**
 * The scheduler started `t` at its set time (or cancelled it, too few joined): the line that says so, written
 * before round 1's pairings (the outbox sends in the order written).
 */
export function recordStartedOnTime(tx: Tx, t: TournamentRow, started: boolean, now: number): void {
  // Round 1 of a large field is paired after this line, by the pairing job.
  const args: OnTimeArgs = { started, round: t.pairingRound ?? t.currentRound };
  const where = { guildId: t.guildId, channelId: t.channelId, subjectId: t.id };
  enqueue(tx, { ...where, key: `tournament:${t.id}:on-time`, kind: TOURNAMENT_ON_TIME, args }, now);
}

/**
 * A Swiss's round just paired (all its games, even those already over: its pairings are posted whatever
 * happened since); an arena's or knockout's games that no round post announced yet (a knockout's later
 * series games are posted as a series' next game).
 */
function recordRound(tx: Tx, t: TournamentRow, now: number, afterKey: string | null): void {
  if (t.currentRound === 0) return;
  const where = { guildId: t.guildId, channelId: t.channelId, subjectId: t.id, kind: TOURNAMENT_ROUND, afterKey };
  const all = tournamentGames(tx, t.id);
  if (t.format === "swiss") {
    const round = all.filter((g) => g.tournamentRound === t.currentRound);
    // Only a round paired by this transaction: one paired before the outbox existed was posted already.
    if (round.length === 0 || round.some((g) => g.createdAt !== now)) return;
    const args: RoundArgs = { games: round.map((g) => g.id) };
    enqueue(tx, { ...where, key: `tournament:${t.id}:round:${t.currentRound}`, args }, now);
    return;
  }
  const announced = new Set(
    outboxOf(tx, t.id, TOURNAMENT_ROUND).flatMap((row) => (JSON.parse(row.args) as RoundArgs).games),
  );
  const fresh = all.filter(
    (g) =>
      g.createdAt === now &&
      g.messageId === null &&
      !announced.has(g.id) &&
      (t.format !== "knockout" || (g.seriesGame ?? 1) === 1),
  );
  if (fresh.length === 0) return;
  const args: RoundArgs = { games: fresh.map((g) => g.id) };
  enqueue(tx, { ...where, key: `tournament:${t.id}:games:${fresh[0].id}`, args }, now);
}
