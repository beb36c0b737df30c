/** The scene of a view at rest: its position, the last move's marks, whose turn, the result. */
import type { Translate } from "../i18n/index.ts";
import { ENGLISH } from "./language.ts";
import type { Scene } from "./scene.ts";
import { traceOf } from "./trace.ts";
import type { BoardView } from "./view.ts";
import { bannerFor, moveSummary } from "./words.ts";

export function stillScene(view: BoardView, t: Translate = ENGLISH): Scene {
  const trace = view.lastMove ? traceOf(view.lastMove.events) : null;
  return {
    pits: view.position.pits,
    stores: view.position.stores,
    turn: view.outcome.over ? null : view.position.toMove,
    playing: false,
    trace,
    caption: trace ? moveSummary(view, trace, t) : null,
    banner: bannerFor(view, t),
    hand: null,
    flights: [],
  };
}
