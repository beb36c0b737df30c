/** Tournaments, pure (issue #22): Swiss (FIDE Dutch pairing as bbpPairings pairs it, standings, TRF export and import), arenas and knockout brackets. */

export * from "./arena.ts";
export { type DutchOptions, pairDutch } from "./dutch/index.ts";
export * from "./knockout.ts";
export * from "./knockout-results.ts";
export { mayMeet, pairingNumbers, pairRound, rankOrder } from "./pairing.ts";
export { canTake, MAX_SIDE_DIFFERENCE, preference, sideOfHigher } from "./sides.ts";
export { playersAfter, type Standing, standings } from "./standings.ts";
export { DUTCH_UP_TO, pairSwiss } from "./swiss.ts";
export { fromTrf, type TrfError, type TrfRead, toTrf } from "./trf.ts";
export type * from "./types.ts";
