/**
 * A puzzle's themes, from the engine's own events: the solution is replayed through the public API
 * (which returns what each move did), then the engine's line after it when the line cashed in by a
 * proven result (for how that game ends).
 */
import { ENDGAME_SEEDS } from "../../ai/search.ts";
import {
  fromPosition,
  type GameState,
  type MoveEvent,
  opponent,
  play,
  RULESETS,
  replay,
  START_POSITION,
} from "../../engine/internal.ts";
import { type GameSpec, THEMES, type Theme } from "./types.ts";

function rowEmpty(state: GameState, player: 0 | 1): boolean {
  return state.position.pits.slice(player * 6, player * 6 + 6).every((n) => n === 0);
}

/** The themes of the line `solution` (then `tail`, the engine's continuation) from the position of `spec`. */
export function themesOf(spec: GameSpec, solution: readonly number[], tail: readonly number[] = []): Theme[] {
  const first = fromPosition(spec.ruleset, spec.start ?? START_POSITION);
  if (!first.ok) throw new Error(first.error.message);
  const replayed = replay(first.value, spec.moves);
  if (!replayed.ok) throw new Error(replayed.error.message);
  let state = replayed.value;
  const solver = state.position.toMove;
  const found = new Set<Theme>();
  const onBoard = state.position.pits.reduce((a, b) => a + b, 0);
  if (onBoard <= ENDGAME_SEEDS) found.add("endgame");
  const oware = RULESETS[spec.ruleset].mechanics.family === "oware";
  const ending = (events: readonly MoveEvent[]) => {
    for (const event of events) {
      if (event.type !== "game-over") continue;
      if (event.reason === "cycle") found.add("cycle");
      else if (event.reason === "twenty-five") found.add("twenty-five");
      else if (event.reason === "starvation" || event.reason === "no-moves" || event.reason === "stuck")
        found.add("starvation");
    }
  };
  for (const move of solution) {
    if (state.outcome.over) break;
    const mover = state.position.toMove;
    if (oware && rowEmpty(state, opponent(mover))) found.add("feeding");
    const played = play(state, move);
    if (!played.ok) throw new Error(played.error.message);
    const { events } = played.value;
    if (mover === solver) {
      const relay = events.some((e) => e.type === "pickup" && e.relay);
      for (const event of events) {
        if (event.type === "capture" && event.player === solver) {
          if (event.pits.length >= 2) found.add("capture-chain");
          if (event.kay) found.add("kay");
          if (relay && spec.ruleset === "haiti") found.add("relay");
        }
        if (event.type === "grand-slam" && event.player === solver && event.treatment !== "no-capture")
          found.add("grand-slam");
      }
    }
    ending(events);
    state = played.value.state;
  }
  for (const move of tail) {
    if (state.outcome.over) break;
    const played = play(state, move);
    if (!played.ok) break;
    ending(played.value.events);
    state = played.value.state;
  }
  return THEMES.filter((t) => found.has(t));
}
