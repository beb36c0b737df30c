/**
 * What a tournament format is: everything that differs between a Swiss, an arena and a knockout, behind one
 * interface, so that the service, the competition hook and the views ask the format instead of testing its
 * name. A new format is a file beside this one and a line in `registry.ts` (and its name in the schema's
 * TOURNAMENT_FORMATS, the stored column's values). Every step runs in the caller's transaction.
 *
 * The life of a tournament, as the formats share it (tournament-progress.ts drives it): `start` pairs the
 * first round, wave or bracket; after each game's end that `movesOn`, and on a resume, `pair` makes what
 * waited (the next round, the free players, the ready matches) and the tournament finishes once `isOver`.
 */
import type { Db, Tx } from "../../db/client.ts";
import type { GameRow, TournamentFormat, TournamentRow } from "../../db/schema.ts";
import type { MessageKey, Term } from "../../i18n/index.ts";
import type { MatchResult, SwissTournament } from "../core/index.ts";

/** What the organiser may set for a format (each format reads its own and ignores the rest). */
export interface FormatOptions {
  /** A Swiss's rounds. */
  readonly rounds?: number;
  /** An arena's length in minutes. */
  readonly minutes?: number;
  /** A knockout's series length: first to this many wins. */
  readonly firstTo?: number;
}

/** The columns a format fills in a new tournament's row. */
export type FormatTerms = Pick<TournamentRow, "rounds" | "minutes" | "firstTo">;

/**
 * One line of any format's standings: a Swiss's score (a win 1) and tie-breaks (Buchholz,
 * Sonneborn-Berger, and direct encounter when it applies); an arena's points (a win 2, 4 on fire);
 * a knockout's matches won, ranked by the round reached.
 */
export interface TableRow {
  readonly rank: number;
  readonly id: string;
  readonly score: number;
  /** A Swiss's Buchholz, Sonneborn-Berger and direct encounter (null where it does not apply); none for the others. */
  readonly tieBreaks: readonly (number | null)[];
  /** Games finished with a result. */
  readonly played: number;
  /** An arena player on a streak: the next win counts double. */
  readonly onFire: boolean;
  readonly withdrawn: boolean;
}

/** A match of a bracket as shown: its players (bottom null for a bye), their wins so far, and who went through. */
/** A match of the bracket as shown: its players (north null for a bye), their wins so far, and who went through. */
export type KnockoutMatch = MatchResult;

/** The images a format offers besides the standings and the podium (each a `/nickar-tournament` subcommand). */
export type ExtraImage = "crosstable" | "bracket";

/** What the views need to know of a format: its words (message keys, in full) and how its games are announced. */
export interface FormatShow {
  /** "Swiss tournament", "Arena", "Knockout". */
  readonly name: MessageKey;
  /** Its length in the title: "5 rounds", "60 minutes", "matches first to 6 wins". */
  length(t: TournamentRow): Term;
  /**
   * How new games are announced: a whole round at a time, with its bye, posted once by the answer to the
   * end that paired it ("rounds"); or as they are paired, after any end or entry, each game once ("as-paired").
   */
  readonly announces: "rounds" | "as-paired";
  /** The games a new round's post announces, from the tournament's games. */
  freshGames(t: TournamentRow, games: readonly GameRow[]): GameRow[];
  /** The head of a new round's post (given `id`, `round`, `rounds`, `firstTo`). */
  readonly roundHead: MessageKey;
  /** One pairing of that post (given `board`, `south`, `north`). */
  readonly pairingLine: MessageKey;
  /** The line above a new game's board (given `round`, `south`, `north`). */
  readonly gameLine: MessageKey;
  /** The status line once finished (given `round`, `rounds`). */
  readonly finishedLine: MessageKey;
  /** A late entrant's line (given `user`, `round`), for formats that pair late entrants from a later round. */
  readonly joinedLateLine?: MessageKey;
  /** Whether it runs until a time (`endsAt`), which its status line gives, rather than to a last round. */
  readonly timed: boolean;
  /** The standings as a Swiss's score and tie-breaks, as points with an arena's flame, or as the bracket. */
  readonly table: "tie-breaks" | "points" | "bracket";
  readonly images: readonly ExtraImage[];
}

export interface FormatRules<F extends TournamentFormat = TournamentFormat> {
  readonly id: F;

  /** The terms of a new tournament from the organiser's options (the defaults where left out); refuses what is out of range. */
  terms(options: FormatOptions): FormatTerms;

  /** Whether players may still enter once it has started (running or paused); `returning`: a paused player coming back. */
  entriesOpen(t: TournamentRow, now: number, returning: boolean): boolean;
  /**
   * What leaving after the start does: the player pauses (their game goes on; they come back by joining again),
   * or is withdrawn (their game in progress resigned, their games played kept).
   */
  readonly leaving: "pause" | "withdraw";
  /** A player entered, or came back, while it is under way (an arena pairs them at once). */
  entered?(tx: Tx, t: TournamentRow, now: number): void;
  /** A player was withdrawn while it is under way, before their game in progress is resigned (a knockout gives their match away). */
  withdrawn?(tx: Tx, t: TournamentRow, userId: string, now: number): void;
  /** It was cancelled, before its games in progress are cancelled (a knockout abandons its series first). */
  cancelled?(tx: Tx, t: TournamentRow, now: number): void;

  /** Starts it, its entrants seeded: running, with its first round, wave or bracket paired. */
  start(tx: Tx, t: TournamentRow, now: number): TournamentRow;
  /** Whether this ended game of the running or paused tournament can move it on (a Swiss: only its current round's). */
  movesOn(tx: Tx, t: TournamentRow, ended: GameRow): boolean;
  /**
   * Pairs what waits, when running: a Swiss's next round once the round is over, an arena's free players, a
   * knockout's ready matches. `byGame`: the game whose end asks (null on a resume), for a finish on the way.
   */
  pair(tx: Tx, t: TournamentRow, now: number, byGame: string | null): TournamentRow;
  /** Whether it is over: a Swiss's last round ended, an arena's time up with no game in progress, a knockout's final decided. */
  isOver(tx: Tx | Db, t: TournamentRow, now: number): boolean;
  /** The next time after `now` when it needs the scheduler without a game ending (an arena's end); null when none. */
  nextDue?(db: Db, now: number): number | null;

  /** Its standings, without the withdrawn flag; `played`: each player's games finished with a result. */
  standings(db: Db, t: TournamentRow, played: ReadonlyMap<string, number>): Omit<TableRow, "withdrawn">[];
  /** Its matches with their series scores, when it plays matches (a knockout). */
  matches?(db: Db, t: TournamentRow): KnockoutMatch[];
  /** What FIDE's TRF-16 export writes, when the format has one (a Swiss). */
  trfRecord?(db: Db, t: TournamentRow): SwissTournament;

  readonly show: FormatShow;
}
