/** Shared by the tournament tests: random fields, rounds played with random results, and the absolute criteria. */
import {
  type GameResult,
  pairRound,
  playersAfter,
  type SwissPairing,
  type SwissPlayer,
  type SwissTournament,
} from "../../../src/tournaments/core/index.ts";

export function field(n: number, ratings: readonly number[]): SwissTournament {
  return {
    name: "Test Swiss",
    rounds: 9,
    entrants: Array.from({ length: n }, (_, i) => ({
      id: `p${i + 1}`,
      name: `Player ${i + 1}`,
      rating: ratings[i] ?? 1500,
    })),
    played: [],
  };
}

/** Plays `rounds` rounds with results drawn from `results` (0 south, 1 north, 2 draw), stopping at the first failure. */
export function play(
  t: SwissTournament,
  rounds: number,
  results: readonly number[],
): { tournament: SwissTournament; pairings: SwissPairing[]; failed: SwissPlayer[] | null } {
  const pairings: SwissPairing[] = [];
  let k = 0;
  for (let r = 1; r <= rounds; r++) {
    const before = playersAfter(t);
    const res = pairRound(before, r);
    if (!res.ok) return { tournament: t, pairings, failed: before };
    pairings.push(res.value);
    const games = res.value.pairs.map((p) => ({
      ...p,
      result: (["south", "north", "draw"] as const)[results[k++ % results.length] ?? 0] as GameResult,
    }));
    t = { ...t, played: [...t.played, { games, bye: res.value.bye }] };
  }
  return { tournament: t, pairings, failed: null };
}

/** Every violation of the absolute criteria in a played tournament, as text (empty when it keeps them). */
export function violations(t: SwissTournament): string[] {
  const out: string[] = [];
  const met = new Set<string>();
  const byes = new Map<string, number>();
  t.played.forEach((round, r) => {
    const seen = new Map<string, number>();
    for (const g of round.games) {
      for (const id of [g.south, g.north]) seen.set(id, (seen.get(id) ?? 0) + 1);
      const key = [g.south, g.north].sort().join("-");
      if (met.has(key)) out.push(`round ${r + 1}: rematch ${key}`);
      met.add(key);
    }
    if (round.bye) {
      seen.set(round.bye, (seen.get(round.bye) ?? 0) + 1);
      byes.set(round.bye, (byes.get(round.bye) ?? 0) + 1);
    }
    for (const e of t.entrants)
      if (seen.get(e.id) !== 1) out.push(`round ${r + 1}: ${e.id} placed ${seen.get(e.id) ?? 0} times`);
    if ((round.bye !== null) !== (t.entrants.length % 2 === 1)) out.push(`round ${r + 1}: bye ${round.bye}`);
  });
  for (const [id, count] of byes) if (count > 1) out.push(`${id}: ${count} byes`);
  for (const p of playersAfter(t)) {
    const sides = p.sides.filter((s) => s !== null);
    let diff = 0;
    sides.forEach((s, i) => {
      diff += s === "S" ? 1 : -1;
      if (Math.abs(diff) > 2) out.push(`${p.id}: side difference ${diff} after game ${i + 1}`);
      if (i >= 2 && s === sides[i - 1] && s === sides[i - 2]) out.push(`${p.id}: ${s} three times running`);
    });
  }
  return out;
}
