/**
 * The state of a Swiss field after its played rounds, and its standings with tie-breaks: score, then
 * Buchholz, then Sonneborn-Berger, then direct encounter. Conventions: a bye scores 1 (as a win), a half-point
 * bye ½, a forfeit its result, but none of them adds to Buchholz or Sonneborn-Berger (they are left out, not
 * counted as FIDE's virtual opponent), and a
 * player's opponents' scores are their final scores, byes included.
 */
import { pairingNumbers } from "./pairing-numbers.ts";
import type { Side, SwissPlayer, SwissTournament } from "./types.ts";

/** Each entrant's score, sides, opponents and bye after the played rounds: the input of `pairSwiss`. */
export function playersAfter(tournament: SwissTournament): SwissPlayer[] {
  const state = new Map(
    tournament.entrants.map((e) => [
      e.id,
      { id: e.id, rating: e.rating, score: 0, sides: [] as (Side | null)[], opponents: [] as string[], hadBye: false },
    ]),
  );
  tournament.played.forEach((round, r) => {
    for (const game of round.games) {
      const south = state.get(game.south)!;
      const north = state.get(game.north)!;
      south.score += game.result === "south" ? 1 : game.result === "draw" ? 0.5 : 0;
      north.score += game.result === "north" ? 1 : game.result === "draw" ? 0.5 : 0;
      // A forfeit scores but is not a game: no side played, and the two may still meet.
      if (game.forfeit) continue;
      south.sides[r] = "S";
      north.sides[r] = "N";
      south.opponents.push(north.id);
      north.opponents.push(south.id);
    }
    if (round.bye) {
      const p = state.get(round.bye)!;
      p.score += 1;
      p.hadBye = true;
    }
    for (const absence of round.absences ?? []) {
      const p = state.get(absence.id);
      if (p) p.score += absence.points;
    }
    for (const p of state.values()) if (p.sides.length <= r) p.sides[r] = null;
  });
  return [...state.values()];
}

export interface Standing {
  /** 1-based; players equal on every tie-break share a rank. */
  readonly rank: number;
  readonly id: string;
  readonly score: number;
  readonly buchholz: number;
  readonly sonnebornBerger: number;
  /** Points against the others of the same score, Buchholz and Sonneborn-Berger, when all of them met each other; else null. */
  readonly directEncounter: number | null;
}

/** Standings: score, Buchholz, Sonneborn-Berger, direct encounter; full ties share a rank, listed by pairing number. */
export function standings(tournament: SwissTournament): Standing[] {
  const players = playersAfter(tournament);
  const score = new Map(players.map((p) => [p.id, p.score]));
  const numbers = pairingNumbers(tournament.entrants);
  const buchholz = new Map<string, number>(players.map((p) => [p.id, 0]));
  const sb = new Map<string, number>(players.map((p) => [p.id, 0]));
  /** Points each player took from each opponent, for direct encounter. */
  const against = new Map<string, Map<string, number>>(players.map((p) => [p.id, new Map()]));
  for (const round of tournament.played) {
    for (const g of round.games) {
      if (g.forfeit) continue;
      const southPoints = g.result === "south" ? 1 : g.result === "draw" ? 0.5 : 0;
      for (const [me, them, points] of [
        [g.south, g.north, southPoints],
        [g.north, g.south, 1 - southPoints],
      ] as const) {
        buchholz.set(me, buchholz.get(me)! + score.get(them)!);
        sb.set(me, sb.get(me)! + points * score.get(them)!);
        const row = against.get(me)!;
        row.set(them, (row.get(them) ?? 0) + points);
      }
    }
  }
  const key = (id: string) => [score.get(id)!, buchholz.get(id)!, sb.get(id)!];
  const ids = players.map((p) => p.id);
  const direct = new Map<string, number | null>(ids.map((id) => [id, null]));
  const groups = new Map<string, string[]>();
  for (const id of ids) {
    const k = key(id).join("/");
    groups.set(k, [...(groups.get(k) ?? []), id]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const allMet = group.every((a) => group.every((b) => a === b || against.get(a)!.has(b)));
    if (!allMet) continue;
    for (const a of group) {
      let points = 0;
      for (const b of group) if (a !== b) points += against.get(a)!.get(b)!;
      direct.set(a, points);
    }
  }
  const compare = (a: string, b: string) => {
    const ka = [...key(a), direct.get(a) ?? 0];
    const kb = [...key(b), direct.get(b) ?? 0];
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i] - ka[i];
    return 0;
  };
  const sorted = [...ids].sort((a, b) => compare(a, b) || numbers.get(a)! - numbers.get(b)!);
  const result: Standing[] = [];
  sorted.forEach((id, i) => {
    const rank = i > 0 && compare(sorted[i - 1], id) === 0 ? result[i - 1].rank : i + 1;
    result.push({
      rank,
      id,
      score: score.get(id)!,
      buchholz: buchholz.get(id)!,
      sonnebornBerger: sb.get(id)!,
      directEncounter: direct.get(id)!,
    });
  });
  return result;
}
