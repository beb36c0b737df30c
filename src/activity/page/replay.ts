/**
 * The engine in the page: the game replayed from its move list (the bot's, the truth), for the legal
 * houses and for the last move's events and the position before it, which the sowing is animated from.
 */
import { type GameState, houseToPit, type MoveEvent, newGame, play, type RulesetId } from "../../engine/index.ts";

export interface Replayed {
  readonly state: GameState;
  readonly last: { readonly before: GameState; readonly events: readonly MoveEvent[] } | null;
}

export function replayMoves(ruleset: string, moves: readonly number[]): Replayed {
  let state = newGame(ruleset as RulesetId);
  let last: Replayed["last"] = null;
  for (const house of moves) {
    const played = play(state, house);
    // The bot replays the same list: a move it refused would never be in it.
    if (!played.ok) throw new Error(`the move list does not replay: ${played.error.message}`);
    last = { before: state, events: played.value.events };
    state = played.value.state;
  }
  return { state, last };
}

/** The pits the viewer may press now: the legal houses of their side, when it is their move. */
export function legalPits(state: GameState, seat: 0 | 1 | null): Set<number> {
  if (seat === null || state.outcome.over || state.position.toMove !== seat) return new Set();
  return new Set(state.legalMoves.map((house) => houseToPit(seat, house)));
}
