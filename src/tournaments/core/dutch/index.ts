/** FIDE's Dutch system (C.04.3, 2025 rules) as bbpPairings 6 pairs it; see pair.ts. */
export { type DutchOptions, pairDutch } from "./pair.ts";
