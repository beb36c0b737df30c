/** Pairing numbers (FIDE's starting ranks), shared by the Dutch pairing, the standings and the TRF export. */
import type { SwissPlayer } from "./types.ts";

/** Pairing numbers 1..n: by rating, higher first; equal ratings by id. */
export function pairingNumbers(players: readonly Pick<SwissPlayer, "id" | "rating">[]): Map<string, number> {
  const sorted = [...players].sort((a, b) => b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return new Map(sorted.map((p, i) => [p.id, i + 1]));
}
