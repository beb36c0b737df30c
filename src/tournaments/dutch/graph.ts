/**
 * The matching state the bracket procedure works on, after bbpPairings' matching computer: a symmetric
 * weight per pair of vertices (0: no edge), a pair finalized once chosen (its vertices leave the graph),
 * and a maximum-weight matching recomputed after each change. Unmatched vertices are their own mate, as
 * in bbpPairings, so the procedure's index comparisons read the same.
 */
import { maxWeightMatching, type WeightedEdge } from "./matching.ts";

export class MatchingGraph {
  private readonly weights: bigint[][];
  private readonly fixed: Int32Array;

  constructor(readonly size: number) {
    this.weights = Array.from({ length: size }, () => new Array<bigint>(size).fill(0n));
    this.fixed = new Int32Array(size).fill(-1);
  }

  set(a: number, b: number, weight: bigint): void {
    this.weights[a][b] = weight;
    this.weights[b][a] = weight;
  }

  get(a: number, b: number): bigint {
    return this.weights[a][b];
  }

  /** Pairs a with b for good: their other edges go, and later matchings leave them out. */
  finalize(a: number, b: number): void {
    this.fixed[a] = b;
    this.fixed[b] = a;
  }

  /** A maximum-weight matching: mate[v] for every vertex, v itself when unmatched. */
  match(): number[] {
    const free: number[] = [];
    for (let v = 0; v < this.size; v++) if (this.fixed[v] < 0) free.push(v);
    const edges: WeightedEdge[] = [];
    for (let i = 0; i < free.length; i++) {
      const row = this.weights[free[i]];
      for (let j = i + 1; j < free.length; j++) {
        const w = row[free[j]];
        if (w > 0n) edges.push({ u: i, v: j, weight: w });
      }
    }
    const local = maxWeightMatching(free.length, edges);
    const mate = new Array<number>(this.size);
    for (let v = 0; v < this.size; v++) mate[v] = this.fixed[v] >= 0 ? this.fixed[v] : v;
    free.forEach((v, i) => {
      if (local[i] >= 0) mate[v] = free[local[i]];
    });
    return mate;
  }
}
