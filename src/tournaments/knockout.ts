/**
 * Knockout brackets, pure (issue #22): a field seeded by rating into a bracket the size of the next power
 * of two, in the standard order (1 against the lowest seed, 1 and 2 in opposite halves, 1-4 in four
 * quarters …), so that the missing players are byes for the top seeds. A match is (round, index), round 1
 * first; match i of round r is fed by matches 2i and 2i+1 of round r-1. Writing this by hand: no JavaScript
 * library builds seeded brackets with byes, and it is a few lines.
 */

export interface KnockoutEntrant {
  readonly id: string;
  readonly rating: number;
}

/** A place in a match: a seeded player, or nobody (a bye; a winner not known yet is not a slot). */
export interface Seeded {
  readonly id: string;
  /** 1 = the highest rated. */
  readonly seed: number;
}

/** Seed numbers in bracket order: for 8, 1 8 4 5 2 7 3 6 (each pair a first-round match). */
export function seedOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const n = order.length * 2;
    order = order.flatMap((s) => [s, n + 1 - s]);
  }
  return order;
}

/** Rounds of a bracket for `players` (at least 2): 2 → 1, 3-4 → 2, 5-8 → 3. */
export function bracketRounds(players: number): number {
  return Math.max(1, Math.ceil(Math.log2(Math.max(2, players))));
}

/**
 * Round 1: one [top, bottom] pair per match; null stands for a bye (the player opposite goes through).
 * Seeds by rating, higher first, equal ratings by id.
 */
export function seedBracket(entrants: readonly KnockoutEntrant[]): [Seeded | null, Seeded | null][] {
  const seeded = [...entrants]
    .sort((a, b) => b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((e, i) => ({ id: e.id, seed: i + 1 }));
  const order = seedOrder(2 ** bracketRounds(seeded.length));
  const matches: [Seeded | null, Seeded | null][] = [];
  for (let i = 0; i < order.length; i += 2) {
    matches.push([seeded[order[i] - 1] ?? null, seeded[order[i + 1] - 1] ?? null]);
  }
  return matches;
}

/** The match a winner goes on to, and on which side (top for an even index). */
export function nextMatch(round: number, index: number): { round: number; index: number; top: boolean } {
  return { round: round + 1, index: Math.floor(index / 2), top: index % 2 === 0 };
}

/** The two matches that feed match `index` of `round` (round 2 on). */
export function feeders(
  round: number,
  index: number,
): [{ round: number; index: number }, { round: number; index: number }] {
  return [
    { round: round - 1, index: 2 * index },
    { round: round - 1, index: 2 * index + 1 },
  ];
}

/** A decided match: who went through (a bye's player, or the winner of the series). */
export interface Decided {
  readonly round: number;
  readonly index: number;
  readonly winner: string;
}

/**
 * The matches ready to be played: every match of rounds 2..`rounds` not yet started (`started`, by
 * "round:index") whose two feeders are decided. Returns their players, top first.
 */
export function readyMatches(
  rounds: number,
  decided: readonly Decided[],
  started: ReadonlySet<string>,
): { round: number; index: number; top: string; bottom: string }[] {
  const winner = new Map(decided.map((d) => [`${d.round}:${d.index}`, d.winner]));
  const ready: { round: number; index: number; top: string; bottom: string }[] = [];
  for (let round = 2; round <= rounds; round++) {
    for (let index = 0; index < 2 ** (rounds - round); index++) {
      if (started.has(`${round}:${index}`)) continue;
      const [a, b] = feeders(round, index);
      const top = winner.get(`${a.round}:${a.index}`);
      const bottom = winner.get(`${b.round}:${b.index}`);
      if (top && bottom) ready.push({ round, index, top, bottom });
    }
  }
  return ready;
}

/** The champion: the winner of the final (the one match of the last round), once decided. */
export function champion(rounds: number, decided: readonly Decided[]): string | null {
  return decided.find((d) => d.round === rounds && d.index === 0)?.winner ?? null;
}
