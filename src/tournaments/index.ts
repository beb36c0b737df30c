/** Swiss tournaments, pure: pairing (Dutch system via maximum-weight matching), standings, TRF export. Issue #22. */
export { mayMeet, pairingNumbers, pairRound, rankOrder } from "./pairing.ts";
export { canTake, MAX_SIDE_DIFFERENCE, preference, sideOfHigher } from "./sides.ts";
export { playersAfter, type Standing, standings } from "./standings.ts";
export { fromTrf, toTrf } from "./trf.ts";
export type * from "./types.ts";
