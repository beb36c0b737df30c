/**
 * The Dutch system's view of each player before a round (FIDE C.04.3 A.1-A.9): score in half points,
 * the played games' colours and the preference they give, the rounds' floats, bye eligibility. Read from
 * a SwissTournament's rounds. Conventions are FIDE's (and bbpPairings'): only played games give colours
 * and forbid a rematch; a forfeit win, a pairing-allocated bye or a full-point bye counts as a downfloat
 * and takes away the right to a pairing-allocated bye; a half-point bye (`H`) does not.
 */
import type { Side, SwissTournament } from "../types.ts";

/** One round of a player's history. `opponent` is null for a bye or an absence. */
export interface RoundEntry {
  readonly opponent: string | null;
  /** Set only for a played game. */
  readonly side: Side | null;
  readonly played: boolean;
  /** Half points scored in the round. */
  readonly points: number;
  /** Paired in the round, or given its pairing-allocated bye. */
  readonly paired: boolean;
  readonly pairingBye: boolean;
}

export type Float = "down" | "up" | null;

export interface DutchPlayer {
  readonly id: string;
  /** 0-based effective pairing number among the players of the tournament. */
  readonly rank: number;
  /** Half points. */
  readonly score: number;
  readonly history: readonly RoundEntry[];
  readonly met: ReadonlySet<string>;
  readonly playedGames: number;
  /** |South games − North games|. */
  readonly imbalance: number;
  /** The side the player is due, or null (no game yet). */
  readonly preference: Side | null;
  /** The side played in each of the last two games or more, when they are alike; else null. */
  readonly repeated: Side | null;
  readonly strong: boolean;
  readonly absolute: boolean;
  readonly byeEligible: boolean;
  /** Float in the round `roundsBack` rounds ago (1: the last). */
  readonly floats: readonly [Float, Float];
}

/** Half points scored per round by each entrant: ids → entries, one per round played. */
export function histories(t: SwissTournament): Map<string, RoundEntry[]> {
  const result = new Map<string, RoundEntry[]>(t.entrants.map((e) => [e.id, []]));
  t.played.forEach((round, r) => {
    const set = (id: string, entry: RoundEntry) => {
      const list = result.get(id);
      if (list) list[r] = entry;
    };
    for (const g of round.games) {
      const played = !g.forfeit;
      const southPoints = g.result === "south" ? 2 : g.result === "draw" ? 1 : 0;
      const northPoints = g.result === "north" ? 2 : g.result === "draw" ? 1 : 0;
      set(g.south, {
        opponent: g.north,
        side: played ? "S" : null,
        played,
        points: southPoints,
        paired: true,
        pairingBye: false,
      });
      set(g.north, {
        opponent: g.south,
        side: played ? "N" : null,
        played,
        points: northPoints,
        paired: true,
        pairingBye: false,
      });
    }
    if (round.bye)
      set(round.bye, { opponent: null, side: null, played: false, points: 2, paired: true, pairingBye: true });
    for (const a of round.absences ?? []) {
      set(a.id, {
        opponent: null,
        side: null,
        played: false,
        points: Math.round(a.points * 2),
        paired: false,
        pairingBye: false,
      });
    }
    for (const list of result.values()) {
      if (list[r] === undefined) {
        list[r] = { opponent: null, side: null, played: false, points: 0, paired: false, pairingBye: false };
      }
    }
  });
  return result;
}

const sum = (entries: readonly RoundEntry[]) => entries.reduce((s, e) => s + e.points, 0);

/** The Dutch players of the tournament after its played rounds, every entrant (the caller picks who is paired). */
export function dutchPlayers(t: SwissTournament, rankOf: ReadonlyMap<string, number>): Map<string, DutchPlayer> {
  const all = histories(t);
  const rounds = t.played.length;
  const scoreBack = (id: string, back: number) => {
    const h = all.get(id)!;
    return sum(h.slice(0, rounds - back));
  };
  const floatOf = (id: string, back: number): Float => {
    if (rounds < back) return null;
    const entry = all.get(id)![rounds - back];
    if (!entry.played) return entry.points > 0 ? "down" : null;
    const mine = scoreBack(id, back);
    const theirs = scoreBack(entry.opponent!, back);
    return mine > theirs ? "down" : mine < theirs ? "up" : null;
  };
  const players = new Map<string, DutchPlayer>();
  for (const e of t.entrants) {
    const history = all.get(e.id)!;
    let south = 0;
    let north = 0;
    let run = 0;
    let last: Side | null = null;
    const met = new Set<string>();
    for (const entry of history) {
      if (!entry.played || !entry.side) continue;
      met.add(entry.opponent!);
      if (entry.side === "S") south++;
      else north++;
      run = run === 0 || entry.side !== last ? 1 : run + 1;
      last = entry.side;
    }
    const imbalance = Math.abs(south - north);
    const lower: Side = south > north ? "N" : "S";
    const flip = (s: Side): Side => (s === "S" ? "N" : "S");
    const preference: Side | null =
      imbalance > 1 ? lower : run > 1 ? flip(last!) : imbalance > 0 ? lower : run > 0 ? flip(last!) : null;
    const repeated = run > 1 ? last : null;
    const absolute = imbalance > 1 || repeated !== null;
    players.set(e.id, {
      id: e.id,
      rank: rankOf.get(e.id)!,
      score: sum(history),
      history,
      met,
      playedGames: south + north,
      imbalance,
      preference,
      repeated,
      strong: !absolute && imbalance > 0,
      absolute,
      byeEligible: !history.some((h) => !h.played && (h.points >= 2 || h.pairingBye)),
      floats: [floatOf(e.id, 1), floatOf(e.id, 2)],
    });
  }
  return players;
}
