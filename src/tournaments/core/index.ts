/** Tournaments, pure (issue #22): Swiss (FIDE Dutch pairing as bbpPairings pairs it, standings, TRF export and import), arenas and knockout brackets. */

export * from "./arena.ts";
export { type DutchOptions, pairDutch } from "./dutch/index.ts";
export * from "./knockout.ts";
export * from "./knockout-results.ts";
export { pairingNumbers } from "./pairing-numbers.ts";
export { playersAfter, type Standing, standings } from "./standings.ts";
export { pairSwiss } from "./swiss.ts";
export { SWISS_PAIR_TASK, type SwissPairInput } from "./swiss-pair-task.ts";
export { fromTrf, type TrfError, type TrfRead, toTrf } from "./trf.ts";
export type * from "./types.ts";
