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
 * makes its edges feasible. The solve then runs stages from the exposed vertices whose dual is above 0 (the
 * marked ones and their former partners): each stage either augments, to another such vertex or to an
 * exposed one at 0, or drives an S-vertex's dual to 0 and flips its path so that it is the exposed one.
 */
import { BlossomForest } from "./blossoms.ts";
import { blossomChains, type MatchingSolution, type WeightedEdge } from "./solution.ts";

export type { MatchingSolution, WeightedEdge };

export class IncrementalMatching extends BlossomForest {
  private readonly marked: Uint8Array;
  private markedList: number[] = [];
  private activesStale = false;
  /** The slack of knownEdge[x] at dual step knownAt[x] (see `offer`). */
  private readonly knownEdge: Int32Array;
  private readonly knownAt: Int32Array;
  private readonly knownSlack: bigint[];
  private dualSteps = 0;

  constructor(n: number) {
    super(n);
    this.marked = new Uint8Array(n);
    this.knownEdge = new Int32Array(2 * n).fill(-1);
    this.knownAt = new Int32Array(2 * n);
    this.knownSlack = new Array<bigint>(2 * n).fill(0n);
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
    while (this.stage()) {}
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
        if (u !== v && w !== 0n && w - dual[u] > d) d = w - dual[u];
      }
      return d;
    };
    if (list.length > 1) {
      // Many marked at once (a new graph, a new bracket's weights): each one's share of its edges, read off a
      // triangle (exact where weights are a sum of two per-vertex terms, as most of the Dutch graph's are), then
      // raised where an edge needs more, then lowered to the least its edges allow, so that most edges are tight.
      for (const v of list) dual[v] = this.share(v);
      for (const v of list) {
        const d = most(v);
        if (d > dual[v]) dual[v] = d;
      }
    }
    for (const v of list) dual[v] = most(v);
    for (const v of list) {
      if (this.mate[v] >= 0 || dual[v] === 0n) continue;
      for (const u of this.actives) {
        const w = w2[v * n + u];
        if (u === v || w === 0n || this.mate[u] >= 0 || this.inBlossom[u] !== u) continue;
        if (dual[v] + dual[u] === w) {
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

  /**
   * One stage: an alternating tree grown from one exposed vertex with a dual above 0 until it augments (to
   * any other exposed vertex) or the dual step flips it; false when there is none (the matching is optimal).
   * One tree at a time, not mwmatching.py's forest of every exposed vertex: after a change only a few are
   * above 0, and a forest would rescan every root's edges at each stage. A single tree also keeps every
   * S-vertex at its root's parity (tight edges join them), so the slack between two S-vertices is even and
   * the step that closes it (half of it) stays an integer.
   */
  private stage(): boolean {
    const { n, w2, label, inBlossom, allowed, actives, dual } = this;
    let root = -1;
    for (const v of actives) {
      if (this.mate[v] === -1 && this.dual[v] > 0n) {
        root = v;
        break;
      }
    }
    if (root < 0) return false;
    label.fill(0);
    this.labelEnd.fill(-1);
    this.bestEdge.fill(-1);
    for (let b = n; b < 2 * n; b++) this.blossomBestEdges[b] = null;
    const stamp = ++this.stageStamp;
    this.dualSteps++;
    this.queue = [];
    this.assignLabel(root, 1, -1);
    for (;;) {
      while (this.queue.length > 0) {
        const v = this.queue.pop()!;
        const dv = dual[v];
        const row = v * n;
        for (const w of actives) {
          const p = row + w;
          const wp = w2[p];
          if (w === v || wp === 0n || inBlossom[v] === inBlossom[w]) continue;
          const key = v < w ? p : w * n + v;
          let kSlack = 0n;
          if (allowed[key] !== stamp) {
            kSlack = dv + dual[w] - wp;
            if (kSlack <= 0n) allowed[key] = stamp;
          }
          const bw = inBlossom[w];
          if (allowed[key] === stamp) {
            if (label[bw] === 0) {
              if (this.mate[this.blossomBase[bw]] === -1) return this.augment(p);
              this.assignLabel(w, 2, this.rev(p));
            } else if (label[bw] === 1) {
              const base = this.scanBlossom(v, w);
              if (base < 0) return this.augment(p);
              this.addBlossom(base, p);
            } else if (label[w] === 0) {
              label[w] = 2;
              this.labelEnd[w] = this.rev(p);
            }
          } else if (label[bw] === 1) this.offer(inBlossom[v], p, kSlack);
          else if (label[w] === 0) this.offer(w, p, kSlack);
        }
      }
      if (this.dualStep()) return this.endStage();
    }
  }

  /**
   * Keeps edge p (slack `slack`) as x's least-slack edge if it beats the one kept. The kept edge's slack is
   * remembered until the next dual step (slacks change only there), so a scan costs one BigInt sum per edge.
   */
  private offer(x: number, p: number, slack: bigint): void {
    const kept = this.bestEdge[x];
    if (kept !== -1) {
      if (this.knownEdge[x] !== kept || this.knownAt[x] !== this.dualSteps) {
        this.knownSlack[x] = this.slack(kept);
        this.knownEdge[x] = kept;
        this.knownAt[x] = this.dualSteps;
      }
      if (slack >= this.knownSlack[x]) return;
    }
    this.bestEdge[x] = p;
    this.knownEdge[x] = p;
    this.knownSlack[x] = slack;
    this.knownAt[x] = this.dualSteps;
  }

  /** Augments along the tight edge p (end code) between an S-vertex and another tree or an exposed vertex. */
  private augment(p: number): boolean {
    this.augmentFrom(this.from(p), p);
    this.augmentFrom(this.end(p), this.rev(p));
    return this.endStage();
  }

  private endStage(): boolean {
    const { n } = this;
    for (let b = n; b < 2 * n; b++) {
      if (this.blossomParent[b] === -1 && this.blossomBase[b] >= 0 && this.label[b] === 1 && this.dual[b] === 0n)
        this.expandBlossom(b, true);
    }
    return true;
  }

  /**
   * One dual change (mwmatching.py's delta), the largest that keeps every reduced cost ≥ 0: 1, an S-vertex's
   * dual reaches 0 (its path is flipped so that it is exposed: true, the stage ends); 2, an edge from an
   * S-vertex to an unlabelled one becomes tight; 3, one between two S-blossoms; 4, a T-blossom's dual
   * reaches 0 (it is expanded).
   */
  private dualStep(): boolean {
    const { n, label, inBlossom, bestEdge, blossomParent, blossomBase, dual, actives } = this;
    let deltaType = 0;
    let delta = 0n;
    let deltaEdge = -1;
    let deltaBlossom = -1;
    for (const v of actives) {
      if (label[inBlossom[v]] === 1 && (deltaType === 0 || dual[v] < delta)) {
        delta = dual[v];
        deltaType = 1;
        deltaBlossom = v;
      }
    }
    for (const v of actives) {
      if (label[inBlossom[v]] === 0 && bestEdge[v] !== -1) {
        const d = this.slack(bestEdge[v]);
        if (d < delta) {
          delta = d;
          deltaType = 2;
          deltaEdge = bestEdge[v];
        }
      }
    }
    for (let b = 0; b < 2 * n; b++) {
      if (blossomParent[b] === -1 && label[b] === 1 && bestEdge[b] !== -1) {
        const d = this.slack(bestEdge[b]) >> 1n;
        if (d < delta) {
          delta = d;
          deltaType = 3;
          deltaEdge = bestEdge[b];
        }
      }
    }
    for (let b = n; b < 2 * n; b++) {
      if (blossomBase[b] >= 0 && blossomParent[b] === -1 && label[b] === 2 && dual[b] < delta) {
        delta = dual[b];
        deltaType = 4;
        deltaBlossom = b;
      }
    }
    this.dualSteps++;
    if (delta !== 0n) {
      for (const v of actives) {
        const l = label[inBlossom[v]];
        if (l === 1) dual[v] -= delta;
        else if (l === 2) dual[v] += delta;
      }
      for (let b = n; b < 2 * n; b++) {
        if (blossomBase[b] >= 0 && blossomParent[b] === -1) {
          if (label[b] === 1) dual[b] += delta;
          else if (label[b] === 2) dual[b] -= delta;
        }
      }
    }
    if (deltaType === 1) {
      this.augmentFrom(deltaBlossom, -1);
      return true;
    }
    if (deltaType === 2) {
      this.allowed[this.allowKey(deltaEdge)] = this.stageStamp;
      let i = this.from(deltaEdge);
      if (label[inBlossom[i]] === 0) i = this.end(deltaEdge);
      this.queue.push(i);
    } else if (deltaType === 3) {
      this.allowed[this.allowKey(deltaEdge)] = this.stageStamp;
      this.queue.push(this.from(deltaEdge));
    } else this.expandBlossom(deltaBlossom, false);
    return false;
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
