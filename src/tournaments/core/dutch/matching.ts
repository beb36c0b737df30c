/**
 * Maximum-weight matching in a general graph with BigInt weights, kept up to date as the graph changes:
 * Edmonds' blossom algorithm with the primal-dual method (blossoms.ts, after mwmatching.py), started from the
 * last optimum instead of from nothing, as bbpPairings' matching computer does (a change spanned by k
 * vertices costs O(k n²), not a new O(n³) solve). Written here, not taken from a library, because the Dutch
 * weights (dutch/weights.ts) are several hundred bits wide: every matching library on npm computes in
 * JavaScript numbers, exact only to 2^53, and none takes a change without solving again.
 *
 * Between solves the state is an optimum with its dual proof: every reduced cost ≥ 0, matched edges and
 * blossom edges tight, exposed vertices at dual 0. A weight change that keeps the proof costs nothing; a
 * matched edge's change is absorbed by moving one end's dual when that keeps the proof; otherwise one end
 * is marked: at the next solve its blossoms are dissolved, it is unmatched and given the least dual that
 * makes its edges feasible. The solve then grows alternating trees from the exposed vertices whose dual is
 * above 0 (the marked ones and their former partners), all at once (forest.ts): each tree either augments, to
 * another tree or to an exposed vertex at 0, or has an S-vertex's dual driven to 0 and its path flipped so
 * that this vertex is the exposed one.
 */
import { AlternatingForest } from "./forest.ts";
import { blossomChains, type MatchingSolution, type WeightedEdge } from "./solution.ts";

export type { MatchingSolution, WeightedEdge };

export class IncrementalMatching extends AlternatingForest {
  private readonly marked: Uint8Array;
  private markedList: number[] = [];
  private activesStale = false;

  constructor(n: number) {
    super(n);
    this.marked = new Uint8Array(n);
  }

  weight(a: number, b: number): bigint {
    return this.w2[a * this.n + b] >> 1n;
  }

  /** v's partner in the matching, or -1. Valid after `solve`. */
  partner(v: number): number {
    return this.mate[v] < 0 ? -1 : this.end(this.mate[v]);
  }

  setWeight(a: number, b: number, weight: bigint): void {
    const { n } = this;
    const w2 = weight << 1n;
    if (this.w2[a * n + b] === w2) return;
    this.w2[a * n + b] = w2;
    this.w2[b * n + a] = w2;
    if (!this.active[a] || !this.active[b] || this.marked[a] || this.marked[b]) return;
    const matched = this.partner(a) === b;
    // Inside a blossom the edge may be one the blossom's structure stands on.
    if (this.inBlossom[a] === this.inBlossom[b]) {
      this.mark(a);
      return;
    }
    const rc = this.dual[a] + this.dual[b] - w2;
    if (!matched) {
      if (rc < 0n) this.mark(this.mate[b] < 0 ? b : a);
      return;
    }
    if (rc === 0n && w2 !== 0n) return;
    for (const x of w2 === 0n ? [] : [a, b]) {
      if (this.inBlossom[x] !== x || this.dual[x] < rc) continue;
      if (rc < 0n || this.feasibleAt(x, this.dual[x] - rc)) {
        this.dual[x] -= rc;
        return;
      }
    }
    this.mark(a);
  }

  /** Whether every edge of the top-level vertex x would keep a reduced cost ≥ 0 with dual d. */
  private feasibleAt(x: number, d: bigint): boolean {
    const { n, w2, dual } = this;
    for (const u of this.actives) {
      const w = w2[x * n + u];
      if (u === x || w === 0n || this.marked[u]) continue;
      if (d + dual[u] < w) return false;
    }
    return true;
  }

  private mark(v: number): void {
    if (this.marked[v]) return;
    this.marked[v] = 1;
    this.markedList.push(v);
  }

  /** Puts v in the graph (its edges count from the next solve). */
  activate(v: number): void {
    if (this.active[v]) return;
    this.active[v] = 1;
    this.activesStale = true;
    this.dual[v] = 0n;
    this.mark(v);
  }

  /** Takes v out of the graph; its partner, if any, is left exposed for the next solve. */
  deactivate(v: number): void {
    if (!this.active[v]) return;
    this.exposeAndDissolve(v);
    this.active[v] = 0;
    this.dual[v] = 0n;
    this.marked[v] = 0;
    this.activesStale = true;
  }

  /** Brings the matching back to a maximum-weight one after the changes since the last solve. */
  solve(): void {
    if (this.activesStale) {
      this.actives = [];
      for (let v = 0; v < this.n; v++) if (this.active[v]) this.actives.push(v);
      this.activesStale = false;
    }
    this.resetMarked();
    this.search();
  }

  /** Marked vertices: dissolved out of their blossoms, unmatched, given the least feasible dual, then paired greedily on tight edges. */
  private resetMarked(): void {
    const { n, w2, dual, marked } = this;
    const list = this.markedList.filter((v) => this.active[v]);
    for (const v of list) this.exposeAndDissolve(v);
    const most = (v: number): bigint => {
      let d = 0n;
      for (const u of this.actives) {
        const w = w2[v * n + u];
        if (u === v || w === 0n || w <= d) continue; // a dual is never below 0: w - dual[u] > d needs w > d
        const need = w - dual[u];
        if (need > d) d = need;
      }
      return d;
    };
    if (list.length > 1) {
      // Many marked at once (a new graph, a new bracket's weights): each one's share of its edges, read off a
      // triangle (exact where weights are a sum of two per-vertex terms, as most of the Dutch graph's are), then
      // (below) each in turn the least its edges allow, so that most edges are tight. Every edge ends feasible:
      // its end set later is set knowing the other's dual.
      for (const v of list) dual[v] = this.share(v);
    }
    for (const v of list) dual[v] = most(v);
    this.dualsChanged(); // duals and weights changed since the last solve; the slacks summed from here on serve the search too
    for (const v of list) {
      if (this.mate[v] >= 0 || dual[v] === 0n) continue;
      for (const u of this.actives) {
        const w = w2[v * n + u];
        if (u === v || w === 0n || this.mate[u] >= 0 || this.inBlossom[u] !== u) continue;
        if (this.slack(v * n + u) === 0n) {
          this.mate[v] = v * n + u;
          this.mate[u] = u * n + v;
          break;
        }
      }
    }
    for (const v of list) marked[v] = 0;
    this.markedList = [];
  }

  /**
   * The most of half w(v,x) + w(v,y) − w(x,y) over a few triangles v, x, y (x and y spread over the graph),
   * else 0: v's own term when weights are a sum of two per-vertex terms plus a little.
   */
  private share(v: number): bigint {
    const { n, w2, actives } = this;
    const spread: number[] = [];
    const step = Math.max(1, Math.floor(actives.length / 6));
    for (let i = 0; i < actives.length && spread.length < 6; i += step) {
      const u = actives[i];
      if (u !== v && w2[v * n + u] !== 0n) spread.push(u);
    }
    let best = 0n;
    for (let i = 0; i < spread.length; i++) {
      for (let j = i + 1; j < spread.length; j++) {
        const x = spread[i];
        const y = spread[j];
        if (w2[x * n + y] === 0n) continue;
        const d = (w2[v * n + x] + w2[v * n + y] - w2[x * n + y]) >> 1n;
        if (d > best) best = d;
      }
    }
    return best;
  }

  /** The optimum with its proof, over vertices 0..n-1 (mate -1 when exposed or inactive). */
  solution(): MatchingSolution {
    const mate = Array.from({ length: this.n }, (_, v) => this.partner(v));
    return { mate, dual: this.dual.slice(0, this.n), blossoms: blossomChains(this.n, this.blossomParent, this.dual) };
  }
}

export function solveMatching(vertexCount: number, edges: readonly WeightedEdge[]): MatchingSolution {
  const m = new IncrementalMatching(vertexCount);
  for (let v = 0; v < vertexCount; v++) m.activate(v);
  for (const e of edges) m.setWeight(e.u, e.v, e.weight);
  m.solve();
  return m.solution();
}

/** A maximum-weight matching of the graph on vertices 0..vertexCount-1 (not necessarily of maximum cardinality). */
export function maxWeightMatching(vertexCount: number, edges: readonly WeightedEdge[]): number[] {
  return solveMatching(vertexCount, edges).mate;
}
