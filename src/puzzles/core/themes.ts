/**
 * A puzzle's themes, from the engine's own events along the solution, replayed through the public API
 * (which returns what each move did). Only what the line shows counts: a game that the search proves won
 * further on, beyond the line the player sees, gives no ending theme (issue 33: "starvation" on a
 * one-move line whose starvation came twelve plies later).
 */
import { ENDGAME_SEEDS } from "../../ai/search.ts";
import {
  type EngineReason,
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

const ENDINGS: Partial<Record<EngineReason, Theme>> = {
  cycle: "cycle",
  "twenty-five": "twenty-five",
  starvation: "starvation",
  "no-moves": "starvation",
  stuck: "starvation",
};

/** The solver's move's own themes: its captures (one house, a chain, a Kay, after a relay) and a rewarded grand slam. */
function solverMoveThemes(events: readonly MoveEvent[], solver: 0 | 1, haiti: boolean, found: Set<Theme>): void {
  const relay = events.some((e) => e.type === "pickup" && e.relay);
  for (const event of events) {
    if (event.type === "capture" && event.player === solver) {
      found.add(event.pits.length >= 2 ? "capture-chain" : "capture");
      if (event.kay) found.add("kay");
      if (relay && haiti) found.add("relay");
    }
    if (event.type === "grand-slam" && event.player === solver && event.treatment !== "no-capture")
      found.add("grand-slam");
  }
}

/** The state after `spec`'s moves (the puzzle's position). */
export function stateOf(spec: GameSpec): GameState {
  const first = fromPosition(spec.ruleset, spec.start ?? START_POSITION);
  if (!first.ok) throw new Error(first.error.message);
  const replayed = replay(first.value, spec.moves);
  if (!replayed.ok) throw new Error(replayed.error.message);
  return replayed.value;
}

/** The themes of the line `solution` from the position of `spec` (see the file comment and THEMES). */
export function themesOf(spec: GameSpec, solution: readonly number[]): Theme[] {
  let state = stateOf(spec);
  const solver = state.position.toMove;
  const found = new Set<Theme>();
  const onBoard = state.position.pits.reduce((a, b) => a + b, 0);
  if (onBoard <= ENDGAME_SEEDS) found.add("endgame");
  const oware = RULESETS[spec.ruleset].mechanics.family === "oware";
  solution.forEach((move, i) => {
    if (state.outcome.over) return;
    const mover = state.position.toMove;
    if (oware && rowEmpty(state, opponent(mover))) found.add("feeding");
    const played = play(state, move);
    if (!played.ok) throw new Error(played.error.message);
    const { events } = played.value;
    if (mover === solver) solverMoveThemes(events, solver, spec.ruleset === "haiti", found);
    else if (events.some((e) => e.type === "capture" && e.player === mover)) found.add("sacrifice");
    const ends = events.some((e) => e.type === "game-over");
    if (i === 0 && !ends && !events.some((e) => e.type === "capture" && e.player === solver)) found.add("quiet-move");
    for (const event of events)
      if (event.type === "game-over") {
        const theme = ENDINGS[event.reason];
        if (theme) found.add(theme);
      }
    state = played.value.state;
  });
  return THEMES.filter((t) => found.has(t));
}
