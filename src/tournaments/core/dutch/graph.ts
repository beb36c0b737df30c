/**
 * The matching state the bracket procedure works on, after bbpPairings' matching computer: a symmetric
 * weight per pair of vertices (0: no edge), a pair finalized once chosen (its vertices leave the graph),
 * and a maximum-weight matching recomputed after each change. Unmatched vertices are their own mate, as
 * in bbpPairings, so the procedure's index comparisons read the same.
 *
 * Most of the procedure's changes are small terms on one vertex's edges that leave the optimum where it
 * was. So the last optimum is kept with its dual proof (matching.ts): after a change, the changed edges'
 * vertices have their duals moved to keep their matched edges tight, and if every reduced cost is still
 * ≥ 0 the old matching is still a maximum-weight one and no new matching is computed. (bbpPairings gets the
 * same effect from an incremental matching algorithm.)
 */
import { solveMatching } from "./matching.ts";
import { type MatchingSolution, sharedBlossomDual, type WeightedEdge } from "./solution.ts";

interface Kept {
  /** Global vertex → mate (global), -1 when free. */
  readonly mate: Int32Array;
  readonly dual: bigint[];
  readonly blossoms: MatchingSolution["blossoms"];
}

export class MatchingGraph {
  private readonly weights: bigint[][];
  private readonly fixed: Int32Array;
  private kept: Kept | null = null;
  /** Edges changed since `kept` was proved, as [a, b]. */
  private changed: [number, number][] = [];
  /** Vertices from this one on are left out of the matchings (see `limit`). */
  private end: number;

  constructor(readonly size: number) {
    this.weights = Array.from({ length: size }, () => new Array<bigint>(size).fill(0n));
    this.fixed = new Int32Array(size).fill(-1);
    this.end = size;
  }

  /** Matches only the vertices below `end` from now on (all of them: `size`). */
  limit(end: number): void {
    const next = Math.min(end, this.size);
    if (next !== this.end) this.kept = null;
    this.end = next;
  }

  set(a: number, b: number, weight: bigint): void {
    if (this.weights[a][b] === weight) return;
    this.weights[a][b] = weight;
    this.weights[b][a] = weight;
    if (this.kept) this.changed.push([a, b]);
  }

  get(a: number, b: number): bigint {
    return this.weights[a][b];
  }

  /** Pairs a with b for good (a matched pair of the last matching): they leave the graph. */
  finalize(a: number, b: number): void {
    this.fixed[a] = b;
    this.fixed[b] = a;
    if (this.kept && this.kept.mate[a] !== b) this.kept = null;
  }

  /** A maximum-weight matching: mate[v] for every vertex, v itself when unmatched. */
  match(): number[] {
    if (!this.kept || !this.stillOptimal(this.kept)) this.kept = this.solve();
    this.changed = [];
    const mate = new Array<number>(this.size);
    for (let v = 0; v < this.size; v++) {
      mate[v] = this.fixed[v] >= 0 ? this.fixed[v] : this.kept.mate[v] >= 0 ? this.kept.mate[v] : v;
    }
    return mate;
  }

  private solve(): Kept {
    const free: number[] = [];
    for (let v = 0; v < this.end; v++) if (this.fixed[v] < 0) free.push(v);
    const edges: WeightedEdge[] = [];
    for (let i = 0; i < free.length; i++) {
      const row = this.weights[free[i]];
      for (let j = i + 1; j < free.length; j++) {
        const w = row[free[j]];
        if (w > 0n) edges.push({ u: i, v: j, weight: w });
      }
    }
    const local = solveMatching(free.length, edges);
    const mate = new Int32Array(this.size).fill(-1);
    const dual = new Array<bigint>(this.size).fill(0n);
    const blossoms: MatchingSolution["blossoms"] = Array.from({ length: this.size }, () => []);
    free.forEach((v, i) => {
      if (local.mate[i] >= 0) mate[v] = free[local.mate[i]];
      dual[v] = local.dual[i];
      blossoms[v] = local.blossoms[i];
    });
    return { mate, dual, blossoms };
  }

  private reducedCost(k: Kept, a: number, b: number): bigint {
    return k.dual[a] + k.dual[b] - 2n * this.weights[a][b] + sharedBlossomDual(k, a, b);
  }

  /** Whether the kept matching is still optimal after the changes, moving duals to keep matched edges tight. */
  private stillOptimal(k: Kept): boolean {
    const moved = new Set<number>();
    const check: [number, number][] = [];
    for (const [a, b] of this.changed) {
      if (this.fixed[a] >= 0 || this.fixed[b] >= 0 || a >= this.end || b >= this.end) continue;
      if (k.mate[a] !== b) {
        check.push([a, b]);
        continue;
      }
      if (this.weights[a][b] === 0n) return false;
      // Tighten the matched edge through the end whose dual stays ≥ 0, preferring one already moved.
      const need = (x: number, y: number) => 2n * this.weights[x][y] - k.dual[y] - sharedBlossomDual(k, x, y);
      const x = moved.has(b) ? b : need(a, b) >= 0n ? a : b;
      const y = x === a ? b : a;
      const value = need(x, y);
      if (value < 0n) return false;
      k.dual[x] = value;
      moved.add(x);
    }
    for (const x of moved) {
      const row = this.weights[x];
      for (let u = 0; u < this.end; u++) {
        if (u === x || this.fixed[u] >= 0 || row[u] === 0n) continue;
        const rc = this.reducedCost(k, x, u);
        if (rc < 0n || (k.mate[x] === u && rc !== 0n)) return false;
      }
    }
    for (const [a, b] of check) if (this.weights[a][b] !== 0n && this.reducedCost(k, a, b) < 0n) return false;
    return true;
  }
}
