/**
 * A large Swiss field's next round, paired off the event loop (issue #34). The transaction that ends a round
 * only records that the next one waits (`tournaments.pairing_round`, tournament-store.ts `pairNextRound`); the
 * pairing job (jobs/swiss-pairings.ts) then, for each tournament waiting:
 *  1. reads what the pairing reads (the rounds played, the players to pair) in plain reads, no lock held;
 *  2. pairs it with the pairer (a worker thread in the bot, swiss-pairer.ts): about 2 s of CPU for 500 players;
 *  3. in one short IMMEDIATE transaction, reads the same again and stores the round (its games, its pairings and
 *     its posts through the outbox, as a round paired inline) only if the tournament still waits for that round
 *     and what the pairing read is unchanged; else the pairing is dropped and made again from a new read.
 *
 * The version checked in step 3 is a digest of the pairing's whole input rather than a counter bumped by every
 * write that changes it (a withdrawal, a late entry, a result corrected by an administrator, a forgotten player):
 * a write added later cannot forget to bump it. Reading it again costs a few milliseconds of the transaction.
 * The waiting round is in the database from the transaction that decided it, so a crash at any point loses
 * nothing: the next start's first sweep pairs it, and a round is stored once (step 3 finds it no longer waiting).
 */
import { createHash } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { type Db, IMMEDIATE, type Tx } from "../db/client.ts";
import { type TournamentRow, tournaments } from "../db/schema.ts";
import type { PairingResult, SwissPairInput } from "./core/index.ts";
import type { SwissPairer } from "./swiss-pairer.ts";
import { recordTournamentPosts } from "./tournament-outbox.ts";
import { finishTournament, pairable, storeRound, swissRecord, tournamentRow } from "./tournament-store.ts";

/** What a waiting round's pairing was computed from. */
export interface RoundSnapshot {
  readonly tournamentId: string;
  readonly round: number;
  readonly input: SwissPairInput;
  /** The digest of `round` and `input`: the pairing is stored only while the tournament still reads the same. */
  readonly version: string;
}

/** What became of a pairing brought to the database. */
export type RoundOutcome =
  /** The round is stored, its posts in the outbox. */
  | "paired"
  /** No pairing was left (or fewer than two players): the tournament finished. */
  | "finished"
  /** The tournament changed since the read: the pairing was not stored. */
  | "stale"
  /** No round waits any more, or not now (paired by another process, paused, cancelled, removed). */
  | "not-waiting";

/** Tries of one tournament in one pass before it is left to the next (each after a change made the last stale). */
export const MAX_TRIES = 3;

function inputOf(db: Db | Tx, t: TournamentRow, round: number): SwissPairInput {
  return { record: swissRecord(db, t), players: pairable(db, t, round) };
}

function versionOf(round: number, input: SwissPairInput): string {
  return createHash("sha256").update(JSON.stringify({ round, input })).digest("base64url");
}

/** What the waiting round of tournament `id` reads now; null when no round of it can be paired now. */
export function roundSnapshot(db: Db, id: string): RoundSnapshot | null {
  const t = tournamentRow(db, id);
  if (t?.status !== "running" || t.pairingRound === null) return null;
  const input = inputOf(db, t, t.pairingRound);
  return { tournamentId: id, round: t.pairingRound, input, version: versionOf(t.pairingRound, input) };
}

/**
 * Stores the pairing made from `snap` (null: none was made, fewer than two players), in one IMMEDIATE
 * transaction, if the tournament still waits for that round and reads what `snap` read.
 */
export function storeRoundPairing(
  db: Db,
  snap: RoundSnapshot,
  paired: PairingResult | null,
  now: number,
): RoundOutcome {
  return db.transaction((tx) => {
    const t = tournamentRow(tx, snap.tournamentId);
    if (t?.status !== "running" || t.pairingRound !== snap.round) return "not-waiting";
    if (versionOf(snap.round, inputOf(tx, t, snap.round)) !== snap.version) return "stale";
    const askedBy = t.pairingByGame;
    const done = paired ? storeRound(tx, t, snap.round, paired, now, askedBy) : finishTournament(tx, t, now, askedBy);
    recordTournamentPosts(tx, t.id, now, askedBy);
    return done.status === "finished" ? "finished" : "paired";
  }, IMMEDIATE);
}

export class SwissRounds {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly pairer: SwissPairer,
  ) {}

  /** The running tournaments with a round waiting to be paired. */
  waiting(): string[] {
    return this.db
      .select({ id: tournaments.id })
      .from(tournaments)
      .where(and(isNotNull(tournaments.pairingRound), eq(tournaments.status, "running")))
      .all()
      .map((r) => r.id);
  }

  /**
   * Pairs tournament `id`'s waiting round off the event loop and stores it; a pairing made stale meanwhile is
   * made again, up to MAX_TRIES times (then "stale": the next pass tries again).
   */
  async pair(id: string): Promise<RoundOutcome> {
    for (let tries = 1; ; tries++) {
      const snap = roundSnapshot(this.db, id);
      if (!snap) return "not-waiting";
      const paired = snap.input.players.length < 2 ? null : await this.pairer.pair(snap.input);
      const outcome = storeRoundPairing(this.db, snap, paired, this.clock.now());
      if (outcome !== "stale" || tries >= MAX_TRIES) return outcome;
    }
  }
}
