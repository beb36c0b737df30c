/** The two sides of a board: South moves first (FIDE's White), North second (Black). */
export type Side = "S" | "N";

/** A player's state before a round, as the pairing needs it. Scores are in points: win 1, draw ½, loss 0. */
export interface SwissPlayer {
  readonly id: string;
  /** Orders the start list (higher first; equal ratings by id): the pairing numbers and "higher ranked". */
  readonly rating: number;
  readonly score: number;
  /** One entry per round so far: the side played, or null for a bye or an absence. */
  readonly sides: readonly (Side | null)[];
  /** Ids of the players met so far. */
  readonly opponents: readonly string[];
  readonly hadBye: boolean;
}

export interface SwissPair {
  readonly south: string;
  readonly north: string;
}

export interface SwissPairing {
  readonly round: number;
  readonly pairs: readonly SwissPair[];
  /** The player given the round's bye (scored as a win), or null for an even field. */
  readonly bye: string | null;
}

/** Why a round cannot be paired. `players` names those concerned, where the reason has any. */
export interface PairingError {
  readonly reason: "duplicate-player" | "no-legal-pairing";
  readonly message: string;
  readonly players: readonly string[];
}

/** chess.js style: a pairing or the reason there is none; pairSwiss never throws for a bad field. */
export type PairingResult =
  | { readonly ok: true; readonly value: SwissPairing }
  | { readonly ok: false; readonly error: PairingError };

export type GameResult = "south" | "north" | "draw";

export interface SwissGame extends SwissPair {
  /** "none": both lost (a double forfeit). */
  readonly result: GameResult | "none";
  /** Decided without play (TRF `+`/`-`): the point is scored, but no side is played and the two have not met. */
  readonly forfeit?: boolean;
}

/** A player not paired in a round, with the points that absence scored (TRF `H` ½, `F` 1; `Z` 0 may be left out). */
export interface SwissAbsence {
  readonly id: string;
  readonly points: 0 | 0.5 | 1;
}

export interface SwissRound {
  readonly games: readonly SwissGame[];
  /** The pairing-allocated bye (scored as a win). */
  readonly bye: string | null;
  readonly absences?: readonly SwissAbsence[];
}

export interface SwissEntrant {
  readonly id: string;
  readonly name: string;
  readonly rating: number;
}

/** A Swiss tournament's record: its entrants, planned rounds and the rounds played (all finished). */
export interface SwissTournament {
  readonly name: string;
  /** The top seed's side in round 1 (TRF `XXC white1` / `black1`); South when left out. */
  readonly firstSide?: Side;
  readonly rounds: number;
  readonly entrants: readonly SwissEntrant[];
  readonly played: readonly SwissRound[];
}
