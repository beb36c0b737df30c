/** Tournaments, pure (issue #22): Swiss (Dutch pairing via maximum-weight matching, standings, TRF export), arenas and knockout brackets. */

export * from "./arena.ts";
export * from "./knockout.ts";
export * from "./knockout-results.ts";
export { mayMeet, pairingNumbers, pairRound, rankOrder } from "./pairing.ts";
export { canTake, MAX_SIDE_DIFFERENCE, preference, sideOfHigher } from "./sides.ts";
export { playersAfter, type Standing, standings } from "./standings.ts";
export { fromTrf, toTrf } from "./trf.ts";
export type * from "./types.ts";
