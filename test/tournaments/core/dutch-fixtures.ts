/**
 * bbpPairings fixtures (test/tournaments/core/fixtures/dutch): tournaments made by bbpPairings' random tournament
 * generator, every round paired by bbpPairings 6 itself. Each round r is a fact to check: from the tournament
 * as it stood before r, with the players it paired in r present, the Dutch pairing is round r's boards.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pairDutch } from "../../../src/tournaments/core/dutch/index.ts";
import { fromTrf } from "../../../src/tournaments/core/index.ts";
import type { SwissPairing, SwissRound, SwissTournament } from "../../../src/tournaments/core/types.ts";

export const FIXTURES = join(import.meta.dirname, "fixtures", "dutch");

export interface RoundCase {
  readonly file: string;
  readonly round: number;
  readonly players: number;
  readonly before: SwissTournament;
  readonly present: readonly string[];
  readonly expected: SwissRound;
}

export function fixtureFiles(): string[] {
  return readdirSync(FIXTURES)
    .filter((f) => f.endsWith(".trf"))
    .sort();
}

export function roundCases(file: string): RoundCase[] {
  const read = fromTrf(readFileSync(join(FIXTURES, file), "latin1"));
  if (!read.ok) throw new Error(`${file}: line ${read.error.line}: ${read.error.reason}`);
  const t = read.value;
  return t.played.map((expected, r) => {
    const present = t.entrants
      .map((e) => e.id)
      .filter((id) => expected.bye === id || expected.games.some((g) => g.south === id || g.north === id));
    return {
      file,
      round: r + 1,
      players: present.length,
      before: { ...t, played: t.played.slice(0, r) },
      present,
      expected,
    };
  });
}

const board = (south: string, north: string) => `${Number(south)}-${Number(north)}`;

/** The first difference between a pairing and the expected round, or null when they are the same. */
export function difference(c: RoundCase, got: SwissPairing): string | null {
  const want = new Set(c.expected.games.map((g) => board(g.south, g.north)));
  const have = new Set(got.pairs.map((p) => board(p.south, p.north)));
  const partner = new Map<string, string>();
  for (const p of got.pairs) partner.set(p.south, p.north).set(p.north, p.south);
  for (const g of c.expected.games) {
    const key = board(g.south, g.north);
    if (have.has(key)) continue;
    const swapped = have.has(board(g.north, g.south));
    return swapped
      ? `board ${key} (White-Black): sides swapped (colour allocation, C.04.3 E)`
      : `board ${key}: paired ${Number(g.south)} with ${partner.has(g.south) ? Number(partner.get(g.south)) : "the bye"}, ${Number(g.north)} with ${partner.has(g.north) ? Number(partner.get(g.north)) : "the bye"}`;
  }
  if ((c.expected.bye ?? null) !== (got.bye ?? null)) {
    return `bye: expected ${c.expected.bye ? Number(c.expected.bye) : "none"}, got ${got.bye ? Number(got.bye) : "none"}`;
  }
  if (want.size !== have.size) return `${have.size} boards, expected ${want.size}`;
  return null;
}

export function pairCase(c: RoundCase) {
  return pairDutch(c.before, c.present);
}
