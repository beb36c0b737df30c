/**
 * Where each player of a knockout stands, pure (issue #33): the champion, who is still in and in which
 * round, who went out in which round, beaten by whom and by what series score, or by a walkover (they
 * withdrew before their next match). Places are shared as a bracket shares them: 1 the champion, 2 the
 * runner-up, 3 the semi-finalists, 5 the quarter-finalists, 2^(rounds − r) + 1 for those out in round r.
 * A player still in has no place yet; they are ranked at the place they would get for losing now, so
 * nobody still playing is ever ranked below someone already out in the same round, and nobody is second
 * before the final is decided.
 */

/** A match as the bracket stores it (byes have no bottom; `board` is 1-based). */
export interface MatchResult {
  readonly round: number;
  readonly board: number;
  readonly top: string;
  readonly bottom: string | null;
  readonly topWins: number;
  readonly bottomWins: number;
  /** Who went through: a bye's player, the series' winner; null while it is played. */
  readonly winner: string | null;
}

export type KnockoutState =
  /** Won the final. */
  | "champion"
  /** Playing a match of `round`, or waiting for its opponent. */
  | "in"
  /** Beaten in `round` (by `opponent`, at `won`–`lost`). */
  | "out"
  /** Withdrew after winning their last match: `opponent` went through in `round` without a match. */
  | "walkover";

export interface KnockoutStanding {
  readonly id: string;
  readonly seed: number;
  readonly state: KnockoutState;
  /** The round of their current or next match, the round they went out in, or the final for the champion. */
  readonly round: number;
  /** Their place once decided (champion or out); null while still in. */
  readonly place: number | null;
  /** The place they are ranked at: `place`, or for a player still in, the place of losing now. */
  readonly rank: number;
  /** The opponent of the match that decided it or of the match being played (null: not known yet, or a bye). */
  readonly opponent: string | null;
  /** That match's series score from this player's side (0–0 for a walkover or a match not started). */
  readonly won: number;
  readonly lost: number;
  /** Matches won, byes included. */
  readonly matchesWon: number;
  /** Their last decided match was a bye (round 1) and they have played no match since. */
  readonly bye: boolean;
  /** They left or were taken out. */
  readonly withdrawn: boolean;
}

/** The shared place of the players who go out in `round` of a bracket of `rounds`. */
export function placeOut(round: number, rounds: number): number {
  return 2 ** (rounds - round) + 1;
}

/**
 * Each entrant's standing from the matches started so far: the champion first, then by rank, a player still
 * in before one out at the same rank, then by seed. `seeds` gives each entrant's seed (1 the highest);
 * `withdrawn`, those who left or were taken out.
 */
export function knockoutStandings(
  rounds: number,
  matches: readonly MatchResult[],
  seeds: ReadonlyMap<string, number>,
  withdrawn: ReadonlySet<string> = new Set(),
): KnockoutStanding[] {
  const at = (round: number, board: number) => matches.find((m) => m.round === round && m.board === board);
  const rows = [...seeds.keys()].map((id): KnockoutStanding => {
    const mine = matches.filter((m) => m.top === id || m.bottom === id).sort((a, b) => a.round - b.round);
    const matchesWon = mine.filter((m) => m.winner === id).length;
    const seed = seeds.get(id) ?? seeds.size + 1;
    const last = mine.at(-1);
    const base = { id, seed, matchesWon, opponent: null, won: 0, lost: 0, bye: false, withdrawn: withdrawn.has(id) };
    if (!last) return { ...base, state: "in", round: 1, place: null, rank: placeOut(1, rounds) };
    const top = last.top === id;
    const opponent = top ? last.bottom : last.top;
    const score = { won: top ? last.topWins : last.bottomWins, lost: top ? last.bottomWins : last.topWins };
    if (last.winner === id && last.round >= rounds) {
      return { ...base, ...score, opponent, state: "champion", round: rounds, place: 1, rank: 1 };
    }
    if (last.winner === id) {
      // Through to the next round: its match, when started without them, was a walkover after they withdrew.
      const round = last.round + 1;
      const next = at(round, Math.ceil(last.board / 2));
      const bye = last.bottom === null;
      if (withdrawn.has(id)) {
        const through = next?.top ?? null;
        const place = placeOut(round, rounds);
        return { ...base, state: "walkover", round, place, rank: place, opponent: through };
      }
      return { ...base, bye, state: "in", round, place: null, rank: placeOut(round, rounds) };
    }
    if (last.winner === null) {
      return {
        ...base,
        ...score,
        opponent,
        state: "in",
        round: last.round,
        place: null,
        rank: placeOut(last.round, rounds),
      };
    }
    const place = placeOut(last.round, rounds);
    return { ...base, ...score, opponent: last.winner, state: "out", round: last.round, place, rank: place };
  });
  return rows.sort((a, b) => a.rank - b.rank || Number(a.place !== null) - Number(b.place !== null) || a.seed - b.seed);
}

/** Seeds by rating, higher first, equal ratings by id (as `seedBracket` seeds them). */
export function seedsOf(entrants: readonly { readonly id: string; readonly rating: number }[]): Map<string, number> {
  return new Map(
    [...entrants]
      .sort((a, b) => b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((e, i) => [e.id, i + 1]),
  );
}
