/**
 * What the bot hands the renderer: a position to draw, the result, the players' names and, when
 * there is one, the move that led to it (its events drive the highlights and the animation).
 */
import type { GameState, MoveEvent, Outcome, Player, Position, RulesetId } from "../engine/index.ts";
import type { Translate } from "../i18n/index.ts";
import { SIDE_NAME } from "../i18n/terms.ts";
import { ENGLISH } from "./language.ts";

export interface PlayerLabel {
  /** Display name; the renderer writes "South" or "North" when it is empty. */
  name: string;
}

/** The engine's outcome, widened for the reasons the bot adds (resign, timeout, agreement, abort). */
export type ViewOutcome =
  | Extract<Outcome, { over: false }>
  | { readonly over: true; readonly winner: Player | null; readonly reason: string };

export interface LastMove {
  player: Player;
  house: number;
  /** The position before the move (the animation starts there). */
  before: Position;
  events: readonly MoveEvent[];
}

export interface BoardView {
  ruleset: RulesetId;
  position: Position;
  outcome: ViewOutcome;
  /** South, North. */
  players: [PlayerLabel, PlayerLabel];
  lastMove?: LastMove | null;
  /** An optional small line, e.g. "Series 3-2 · first to 6". */
  footer?: string;
  /** The game's id, shown in the corner so that a player can type it. */
  gameId?: string;
  /** What the result meant beyond the game, added to the banner: "alice wins the series 6–4". */
  bannerNote?: string;
}

/** The name written for a player: their display name, or their side. */
export function playerName(view: BoardView, player: Player, t: Translate = ENGLISH): string {
  const name = view.players[player]?.name.trim();
  return name ? name : t(SIDE_NAME[player]);
}

/** A view of a game state; `last` is the state before the last move and that move's events. */
export function viewFromState(
  state: GameState,
  players: [PlayerLabel, PlayerLabel],
  last?: { before: GameState; events: readonly MoveEvent[] },
): BoardView {
  let lastMove: LastMove | null = null;
  if (last) {
    lastMove = {
      player: last.before.position.toMove,
      // The move just played is the one entry `state` has beyond `before`.
      house: state.history[last.before.history.length] ?? 0,
      before: last.before.position,
      events: last.events,
    };
  }
  return { ruleset: state.ruleset, position: state.position, outcome: state.outcome, players, lastMove };
}
