/**
 * Knockout brackets, pure (issue #22): a field seeded by rating into a bracket the size of the next power
 * of two, in the standard order (1 against the lowest seed, 1 and 2 in opposite halves, 1-4 in four
 * quarters …), so that the missing players are byes for the top seeds. A match is (round, index), round 1
 * first; match i of round r is fed by matches 2i and 2i+1 of round r-1. Written by hand although
 * `brackets-manager` builds seeded brackets with byes: it owns the tournament's storage (its own CRUD
 * interface and data model, with stages, groups and match games), while Nickar keeps its bracket in its
 * own tables beside the games and needs only the seed order and the bracket's state as pure functions,
 * a few dozen lines that the knockout test checks against the definitions.
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

/** Where a match stands: a bye (decided at once), waiting for a feeder, ready to play, or decided. */
export type MatchStatus = "bye" | "waiting" | "ready" | "decided";

/** One match of the bracket as a whole. */
export interface MatchState {
  readonly round: number;
  /** 0-based place in its round: match i of round r is fed by matches 2i and 2i+1 of round r − 1. */
  readonly index: number;
  /** Round 1: the seeded players (null: a bye). Later: the feeders' winners (null: not decided yet). */
  readonly top: Seeded | null;
  readonly bottom: Seeded | null;
  readonly status: MatchStatus;
  /** Who went through: a bye's player, or the decided winner; null until then. */
  readonly winner: Seeded | null;
}

export interface BracketState {
  readonly rounds: number;
  /** Every match: `matches[round - 1][index]`, round 1 first. */
  readonly matches: readonly (readonly MatchState[])[];
  /** The matches whose two players are known and which are not decided, round by round. */
  readonly ready: readonly MatchState[];
  /** The winner of the final, once decided. */
  readonly champion: Seeded | null;
}

/** Why a bracket cannot be built from its first round and results. `players` names those concerned. */
export interface KnockoutError {
  readonly reason:
    | "bad-size"
    | "too-few-players"
    | "duplicate-player"
    | "empty-match"
    | "unknown-match"
    | "decided-twice"
    | "not-ready"
    | "not-a-player";
  readonly message: string;
  readonly players: readonly string[];
}

/** chess.js style: the bracket's state or the reason there is none; bracketState never throws. */
export type BracketResult =
  | { readonly ok: true; readonly value: BracketState }
  | { readonly ok: false; readonly error: KnockoutError };

const fail = (reason: KnockoutError["reason"], message: string, players: string[] = []): BracketResult => ({
  ok: false,
  error: { reason, message, players },
});

/**
 * The whole bracket from its first round (as `seedBracket` returns it, or as stored) and the decided
 * matches: every match's players and status, the matches ready to start, and the champion. Byes are
 * decided at once for the player present; a bye listed in `decided` must name that player. A result for a
 * match whose players are not both known, or naming someone else, is an error, not ignored. Pure: the
 * same input gives the same state, and nothing passed in is changed.
 */
export function bracketState(
  firstRound: readonly (readonly [Seeded | null, Seeded | null])[],
  decided: readonly Decided[],
): BracketResult {
  const size = firstRound.length * 2;
  if (size < 2 || (size & (size - 1)) !== 0) {
    return fail("bad-size", `a first round of ${firstRound.length} matches is not half a power of two`);
  }
  const rounds = Math.log2(size);
  const present = firstRound.flat().filter((s): s is Seeded => s !== null);
  const ids = new Set<string>();
  const twice = present.filter((s) => ids.has(s.id) || !ids.add(s.id)).map((s) => s.id);
  if (twice.length > 0) return fail("duplicate-player", "a player is in the bracket twice", twice);
  if (present.length < 2) return fail("too-few-players", "a knockout needs at least two players", [...ids]);
  const empty = firstRound.findIndex(([t, b]) => !t && !b);
  if (empty >= 0) return fail("empty-match", `match ${empty + 1} of round 1 has no player`);

  const results = new Map<string, string>();
  for (const d of decided) {
    const key = `${d.round}:${d.index}`;
    if (!Number.isInteger(d.round) || d.round < 1 || d.round > rounds) {
      return fail("unknown-match", `round ${d.round} is not in a bracket of ${rounds} rounds`, [d.winner]);
    }
    if (!Number.isInteger(d.index) || d.index < 0 || d.index >= 2 ** (rounds - d.round)) {
      return fail("unknown-match", `round ${d.round} has no match ${d.index}`, [d.winner]);
    }
    if (results.has(key) && results.get(key) !== d.winner) {
      return fail("decided-twice", `match ${key} is decided twice`, [results.get(key)!, d.winner]);
    }
    results.set(key, d.winner);
  }

  const matches: MatchState[][] = [];
  for (let round = 1; round <= rounds; round++) {
    const row: MatchState[] = [];
    for (let index = 0; index < 2 ** (rounds - round); index++) {
      const [top, bottom] =
        round === 1
          ? firstRound[index]
          : [matches[round - 2][2 * index].winner, matches[round - 2][2 * index + 1].winner];
      const result = results.get(`${round}:${index}`);
      const bye = round === 1 && (!top || !bottom);
      const players = [top, bottom].filter((s): s is Seeded => s !== null);
      if (result !== undefined && !bye && players.length < 2) {
        return fail("not-ready", `match ${round}:${index} is decided before both its players are known`, [result]);
      }
      if (result !== undefined && !players.some((p) => p.id === result)) {
        return fail("not-a-player", `the winner of match ${round}:${index} is not one of its players`, [result]);
      }
      const winner = bye ? players[0] : (players.find((p) => p.id === result) ?? null);
      const status: MatchStatus = bye ? "bye" : winner ? "decided" : players.length === 2 ? "ready" : "waiting";
      row.push({ round, index, top: top ?? null, bottom: bottom ?? null, status, winner });
    }
    matches.push(row);
  }
  return {
    ok: true,
    value: {
      rounds,
      matches,
      ready: matches.flat().filter((m) => m.status === "ready"),
      champion: matches[rounds - 1][0].winner,
    },
  };
}
