/**
 * What a move did to each pit, folded from its events: the marks the image highlights. The still
 * image folds every event; the animation folds them one at a time, so its last frame shows exactly
 * the marks of the still image.
 */
import type { MoveEvent, Player, SlamTreatment } from "../engine/index.ts";

export interface PitMark {
  /** The move started here (sowing origin or a lone seed's step). */
  origin: boolean;
  /** Seeds dropped here during the move. */
  received: number;
  /** haiti: the n-th relay pickup of the move happened here (0: none). */
  relay: number;
  /** Seeds captured from this pit (0: none). */
  captured: number;
  /** Seeds of this pit awarded to a player at the end of the game. */
  awarded: Player | null;
}

export interface MoveTrace {
  marks: PitMark[];
  origin: number | null;
  /** Seeds each store gained during the move (captures and awards). */
  storeGain: [number, number];
  relays: number;
  captured: number;
  kay: boolean;
  slam: SlamTreatment | null;
  extraMove: boolean;
  /** haiti: where a lone seed stepped, or where the last seed moved on after an empty landing. */
  single: number | null;
  transfer: number | null;
  awarded: [number, number];
}

export function emptyTrace(): MoveTrace {
  return {
    marks: Array.from({ length: 12 }, () => ({ origin: false, received: 0, relay: 0, captured: 0, awarded: null })),
    origin: null,
    storeGain: [0, 0],
    relays: 0,
    captured: 0,
    kay: false,
    slam: null,
    extraMove: false,
    single: null,
    transfer: null,
    awarded: [0, 0],
  };
}

/** Adds one event to the trace (in place). */
export function applyEvent(trace: MoveTrace, event: MoveEvent): void {
  const marks = trace.marks;
  switch (event.type) {
    case "pickup":
      if (event.relay) marks[event.pit].relay = ++trace.relays;
      else {
        marks[event.pit].origin = true;
        trace.origin = event.pit;
      }
      break;
    case "sow":
      marks[event.pit].received++;
      break;
    case "single":
      marks[event.from].origin = true;
      trace.origin = event.from;
      marks[event.to].received++;
      trace.single = event.to;
      break;
    case "transfer":
      marks[event.to].received++;
      trace.transfer = event.to;
      break;
    case "capture":
      event.pits.forEach((pit, i) => {
        marks[pit].captured += event.seeds[i];
      });
      trace.storeGain[event.player] += event.total;
      trace.captured += event.total;
      trace.kay ||= event.kay;
      break;
    case "grand-slam":
      trace.slam = event.treatment;
      break;
    case "extra-move":
      trace.extraMove = true;
      break;
    case "award":
      for (const pit of event.pits) marks[pit].awarded = event.player;
      trace.storeGain[event.player] += event.seeds;
      trace.awarded[event.player] += event.seeds;
      break;
    case "game-over":
      break;
  }
}

export function traceOf(events: readonly MoveEvent[]): MoveTrace {
  const trace = emptyTrace();
  for (const event of events) applyEvent(trace, event);
  return trace;
}
