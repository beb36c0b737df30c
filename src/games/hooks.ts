/**
 * What the competitive layer (ratings, ladders, series in src/ladders) adds to challenges and games.
 * The game and challenge services call these inside their own synchronous transactions, so a game's
 * end and everything it causes (new ratings, a ladder move, the next game of a series) commit together
 * or not at all. Defined here and injected, so src/games never imports src/ladders.
 */
import type { Tx } from "../db/client.ts";
import type { ChallengeKind, ChallengeRow, GameRow } from "../db/schema.ts";
import type { RulesetId } from "../engine/index.ts";
import type { Note } from "../i18n/note.ts";
import type { GuildSettings } from "./settings.ts";

export interface ChallengeDraft {
  readonly guildId: string;
  readonly challengerId: string;
  readonly opponentId: string | null;
  readonly ruleset: RulesetId;
  readonly kind: ChallengeKind;
  readonly firstTo: number | null;
  readonly rated: boolean;
}

export interface ChallengeTerms {
  readonly rated: boolean;
  /** Why the terms differ from what was asked (shown on the challenge), or null. */
  readonly note: Note | null;
  readonly expiresAt: number;
}

/** The fields of a game that the competitive layer decides when a challenge is accepted. */
export interface GameTerms {
  readonly rated: boolean;
  readonly seriesId: string | null;
  readonly seriesGame: number | null;
  readonly ladderChallengerId: string | null;
  /** Shown to the players when the game starts, e.g. why it is unrated. */
  readonly note: Note | null;
}

export interface CompetitionHooks {
  /**
   * Checks a new challenge (throws UserError to refuse) and settles its terms. `settings` are the
   * server's, as the caller read them in this transaction.
   */
  challengeTerms(
    tx: Tx,
    draft: ChallengeDraft,
    settings: GuildSettings,
    now: number,
    defaultExpiry: number,
  ): ChallengeTerms;
  /** A challenge is being accepted by `acceptedBy`; `southId` plays South in the first game. */
  gameTerms(
    tx: Tx,
    challenge: ChallengeRow,
    acceptedBy: string,
    southId: string,
    settings: GuildSettings,
    now: number,
  ): GameTerms;
  /** A challenge was declined or expired (a ladder challenge then counts as a loss). */
  challengeRefused(tx: Tx, challenge: ChallengeRow, now: number): void;
  /** A game has just left `active` (finished, aborted or cancelled); `row` is as written. */
  gameEnded(tx: Tx, row: GameRow, now: number): void;
  /** An admin voided a finished game. */
  gameVoided(tx: Tx, row: GameRow, now: number): void;
}

/**
 * A game the players committed to (ladder, series or tournament): it cannot be aborted, and time
 * always counts, so a player who never moves loses on time.
 */
export function isCommitted(row: GameRow): boolean {
  return row.seriesId !== null || row.ladderChallengerId !== null || row.tournamentId !== null;
}
