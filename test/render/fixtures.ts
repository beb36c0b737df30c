/** Games the render tests draw, each reached by real engine moves from a start or a position string. */
import {
  fromPosition,
  type GameState,
  type MoveEvent,
  newGame,
  parsePosition,
  play,
  type RulesetId,
} from "../../src/engine/index.ts";
import { type BoardView, type PlayerLabel, viewFromState } from "../../src/render/index.ts";

export const PLAYERS: [PlayerLabel, PlayerLabel] = [{ name: "Ada" }, { name: "Kwame" }];

export interface Played {
  state: GameState;
  last?: { before: GameState; events: readonly MoveEvent[] };
}

/** Plays `moves` (house numbers of the player to move) from the start or from `position`. */
export function playMoves(ruleset: RulesetId, moves: readonly number[], position?: string): Played {
  let start: GameState;
  if (position) {
    const parsed = parsePosition(ruleset, position);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const created = fromPosition(ruleset, parsed.value);
    if (!created.ok) throw new Error(created.error.message);
    start = created.value;
  } else {
    start = newGame(ruleset);
  }
  let state = start;
  let last: Played["last"];
  for (const house of moves) {
    const played = play(state, house);
    if (!played.ok) throw new Error(played.error.message);
    last = { before: state, events: played.value.events };
    state = played.value.state;
  }
  return { state, last };
}

export function viewOf(played: Played, footer?: string): BoardView {
  const view = viewFromState(played.state, PLAYERS, played.last);
  if (footer) view.footer = footer;
  return view;
}

/** The scenes with golden images. */
export const SCENARIOS = {
  /** The start position, nothing played. */
  start: () => viewOf(playMoves("abapa", [])),
  /** South's D sows pits 4..7, making 2 and 3 in a and b: captures 5. */
  capture: () => viewOf(playMoves("abapa", [4], "2-3-1-4-2-1-1-2-5-3-0-4-12-8-S")),
  /** South's E takes North's whole row (a and b): Caribbean captures it and South moves again. */
  "grand-slam": () => viewOf(playMoves("caribbean", [5], "3-2-0-1-3-0-1-1-0-0-0-0-20-17-S")),
  /** Haiti: South's E relays three times and ends with a Kay. */
  "haiti-relay": () => viewOf(playMoves("haiti", [4, 1, 5])),
  /** South's D captures 5 and reaches 27: the game is over, with a result banner and a series footer. */
  finished: () => viewOf(playMoves("abapa", [4], "2-3-1-4-2-1-1-2-3-3-0-2-22-2-S"), "Series 3-2 · first to 6"),
} as const satisfies Record<string, () => BoardView>;

/**
 * A long haiti move: eight relay pickups and 64 drops (the last of these moves, found by random
 * playouts with a fixed seed, as the benchmark does).
 */
export const LONG_RELAY_MOVES = [4, 5, 2, 6, 2, 2, 5, 5, 1, 3, 4, 6, 2, 5, 5, 3, 6, 1, 3, 6, 2];
