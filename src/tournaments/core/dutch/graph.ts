/**
 * The matching state the bracket procedure works on, after bbpPairings' matching computer: a symmetric
 * weight per pair of vertices (0: no edge), a pair finalized once chosen (its vertices leave the graph), a
 * window of the vertices that take part (`limit`), and a maximum-weight matching brought up to date after
 * each change by the incremental matching (matching.ts), which starts from the last optimum. Unmatched
 * vertices are their own mate, as in bbpPairings, so the procedure's index comparisons read the same.
 */
import { IncrementalMatching } from "./matching.ts";

export class MatchingGraph {
  private readonly matching: IncrementalMatching;
  private readonly fixed: Int32Array;
  /** Vertices from this one on are left out of the matchings (see `limit`). */
  private end: number;

  constructor(readonly size: number) {
    this.matching = new IncrementalMatching(size);
    this.fixed = new Int32Array(size).fill(-1);
    this.end = size;
    for (let v = 0; v < size; v++) this.matching.activate(v);
  }

  /** Matches only the vertices below `end` from now on (all of them: `size`). */
  limit(end: number): void {
    const next = Math.min(end, this.size);
    for (let v = next; v < this.end; v++) this.matching.deactivate(v);
    for (let v = this.end; v < next; v++) if (this.fixed[v] < 0) this.matching.activate(v);
    this.end = next;
  }

  set(a: number, b: number, weight: bigint): void {
    this.matching.setWeight(a, b, weight);
  }

  get(a: number, b: number): bigint {
    return this.matching.weight(a, b);
  }

  /** Pairs a with b for good (a matched pair of the last matching): they leave the graph. */
  finalize(a: number, b: number): void {
    this.fixed[a] = b;
    this.fixed[b] = a;
    this.matching.deactivate(a);
    this.matching.deactivate(b);
  }

  /** A maximum-weight matching: mate[v] for every vertex, v itself when unmatched. */
  match(): number[] {
    this.matching.solve();
    const mate = new Array<number>(this.size);
    for (let v = 0; v < this.size; v++) {
      const m = this.fixed[v] >= 0 ? this.fixed[v] : this.matching.partner(v);
      mate[v] = m >= 0 ? m : v;
    }
    return mate;
  }
}
