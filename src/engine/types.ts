/**
 * Plain data shared by the whole engine and by its users (renderer, game service, bot).
 * Pits are numbered 0..11 counter-clockwise: South (player 0) owns 0..5, North (player 1) 6..11.
 * Moves are house numbers 1..6 of the player to move (docs/rules.md section 1).
 */

/** 0 is South (pits 0..5, moves first from the start position), 1 is North (pits 6..11). */
export type Player = 0 | 1;

/** The other player. */
export function opponent(player: Player): Player {
  return (1 - player) as Player;
}

/** The ruleset ids, in the order of docs/rules.md (frozen). */
export const RULESET_IDS = Object.freeze([
  "abapa",
  "wari",
  "caribbean",
  "speightstown",
  "bridgetown",
  "haiti",
] as const);
/** One of RULESET_IDS. */
export type RulesetId = (typeof RULESET_IDS)[number];

/** Engine reasons (docs/rules.md section 4). The bot adds its own (resign, timeout, agreement, abort). */
export type EngineReason = "twenty-five" | "no-moves" | "grand-slam" | "starvation" | "cycle" | "stuck";

/** A position: what is on the board and who is to move. */
export interface Position {
  /** 12 pit counts, pit 0..11. */
  readonly pits: readonly number[];
  /** South's store, North's store. */
  readonly stores: readonly [number, number];
  /** The player to move. */
  readonly toMove: Player;
}

/** Whether the game is over, and if so who won (null: a draw) and why. */
export type Outcome =
  | { readonly over: false }
  | { readonly over: true; readonly winner: Player | null; readonly reason: EngineReason };

/** How a grand slam was treated (docs/rules.md sections 3.1-3.5). */
export type SlamTreatment =
  | "no-capture" // abapa: legal, captures nothing
  | "forced" // wari: the only kind of move left, captures the row and ends the game
  | "capture" // speightstown, bridgetown: captures the row, turn passes
  | "capture-extra-move"; // caribbean: captures the row, the capturer moves again

/** Why seeds were given to a player at the end of a game. */
export type AwardKind =
  | "own-side" // each player takes the seeds on their side (abapa family, forced wari slam)
  | "starvation" // the starved player claims the whole board (Barbados)
  | "division"; // the board is divided equally, odd seed to the fuller side (Bridgetown)

/**
 * What happened during a move, in order, so that the renderer can animate it and the bot narrate it.
 * `sow` is one seed dropped; `pickup` takes every seed from a pit (the origin, or a relay pit in haiti).
 */
export type MoveEvent =
  | { readonly type: "pickup"; readonly pit: number; readonly seeds: number; readonly relay: boolean }
  | { readonly type: "sow"; readonly pit: number; readonly lap: number }
  /** haiti: a lone seed steps into the empty pit after it. */
  | { readonly type: "single"; readonly from: number; readonly to: number }
  /** haiti: the last seed fell into an empty pit and moves on to the next pit holding seeds. */
  | { readonly type: "transfer"; readonly from: number; readonly to: number }
  | {
      readonly type: "capture";
      readonly player: Player;
      /** Captured pits in the order they were taken (last pit first, walking clockwise). */
      readonly pits: readonly number[];
      readonly seeds: readonly number[];
      readonly total: number;
      /** haiti: every captured pit held exactly four (a Kay). */
      readonly kay: boolean;
    }
  | {
      readonly type: "grand-slam";
      readonly player: Player;
      readonly treatment: SlamTreatment;
      /** The pits that would be (or were) captured. */
      readonly pits: readonly number[];
      readonly seeds: number;
    }
  | { readonly type: "extra-move"; readonly player: Player }
  | {
      readonly type: "award";
      readonly player: Player;
      readonly kind: AwardKind;
      readonly pits: readonly number[];
      readonly seeds: number;
    }
  | { readonly type: "game-over"; readonly winner: Player | null; readonly reason: EngineReason };

/** Why the engine refused a move, a position, a ruleset or a text. */
export type EngineErrorCode =
  | "move/not-a-house" // not an integer 1..6
  | "move/empty-house"
  | "move/must-feed" // the opponent's row is empty and this move does not reach it
  | "move/grand-slam" // wari: a grand slam while another move exists
  | "move/single-seed" // haiti: a lone seed that may not move (next pit not empty, or the one after empty)
  | "move/game-over"
  | "position/invalid"
  | "ruleset/unknown"
  | "notation/invalid";

/** A refusal: a code to act on and an English sentence to show. */
export interface EngineError {
  /** What went wrong, for programs. */
  readonly code: EngineErrorCode;
  /** The same for people, e.g. "house 3 is empty". */
  readonly message: string;
}

/** A value, or the error that says why there is none. */
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: EngineError };

/** @internal Builds a success value (internal.ts re-exports it for the engine's own modules and tools). */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** @internal Builds an error value. */
export function fail<T>(code: EngineErrorCode, message: string): Result<T> {
  return { ok: false, error: { code, message } };
}
