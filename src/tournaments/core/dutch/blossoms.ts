/**
 * The state of the incremental maximum-weight matching (matching.ts) and the blossom operations of
 * Edmonds' algorithm on it, after Joris van Rantwijk's mwmatching.py (public domain): labels, forming,
 * expanding and augmenting through blossoms. What differs from mwmatching.py is that the state outlives a
 * solve: the graph is complete over `n` vertices with a weight per pair (0n: no edge), vertices come and go
 * (`active`), and a blossom can be dissolved between solves (`dissolve`), so a solve starts from the last
 * optimum instead of from nothing.
 *
 * An edge end is coded `from * n + to` (the end at `to`); `rev` gives the other end. mate[v] is the end at
 * v's partner, labelEnd[b] the end through which b got its label, as mwmatching.py's endpoints.
 * Duals are kept doubled like the weights (`w2`), so every value stays an integer: an edge's reduced cost is
 * dual[a] + dual[b] − w2 + 2 × the duals of the blossoms holding both ends.
 */
export class BlossomForest {
  /** Twice each pair's weight, [a * n + b] = [b * n + a]; 0n: no edge. */
  readonly w2: bigint[];
  readonly active: Uint8Array;
  readonly mate: Int32Array;
  /** Vertices 0..n-1, blossoms n..2n-1. */
  readonly dual: bigint[];
  readonly inBlossom: Int32Array;
  readonly blossomParent: Int32Array;
  readonly blossomChilds: (number[] | null)[];
  readonly blossomBase: Int32Array;
  readonly blossomEndps: (number[] | null)[];
  readonly label: Int32Array;
  readonly labelEnd: Int32Array;
  /** The root of the alternating tree a labelled top-level blossom or vertex is in (meaningless when unlabelled). */
  readonly treeOf: Int32Array;
  /** The least-slack edge (an end code) to an S-blossom, per vertex or top-level S-blossom; -1 none. */
  readonly bestEdge: Int32Array;
  readonly unusedBlossoms: number[] = [];
  /** Edges known tight this stage (the stage's stamp), by the smaller end code. */
  readonly allowed: Int32Array;
  stageStamp = 0;
  queue: number[] = [];
  /** The active vertices, in order (rebuilt when one comes or goes). */
  protected actives: number[] = [];
  /**
   * Slacks already summed, by the smaller end code, valid while `slackEpoch` stands: vertex duals change only at
   * a dual step and between solves, and a solve reads the same edge many times in between (every freed vertex
   * is offered again to the trees left), where each BigInt sum allocates.
   */
  private readonly slackCache: bigint[];
  private readonly slackAt: Int32Array;
  private slackEpoch = 1;

  constructor(readonly n: number) {
    this.w2 = new Array<bigint>(n * n).fill(0n);
    this.active = new Uint8Array(n);
    this.mate = new Int32Array(n).fill(-1);
    this.dual = new Array<bigint>(2 * n).fill(0n);
    this.inBlossom = Int32Array.from({ length: n }, (_, v) => v);
    this.blossomParent = new Int32Array(2 * n).fill(-1);
    this.blossomChilds = new Array(2 * n).fill(null);
    this.blossomBase = Int32Array.from({ length: 2 * n }, (_, v) => (v < n ? v : -1));
    this.blossomEndps = new Array(2 * n).fill(null);
    this.label = new Int32Array(2 * n);
    this.labelEnd = new Int32Array(2 * n).fill(-1);
    this.treeOf = new Int32Array(2 * n).fill(-1);
    this.bestEdge = new Int32Array(2 * n).fill(-1);
    for (let b = 2 * n - 1; b >= n; b--) this.unusedBlossoms.push(b);
    this.allowed = new Int32Array(n * n);
    this.slackCache = new Array<bigint>(n * n).fill(0n);
    this.slackAt = new Int32Array(n * n);
  }

  /** Forgets every slack summed: a vertex's dual or an edge's weight has changed. */
  protected dualsChanged(): void {
    this.slackEpoch++;
  }

  end(p: number): number {
    return p % this.n;
  }
  from(p: number): number {
    return (p / this.n) | 0;
  }
  rev(p: number): number {
    return (p % this.n) * this.n + ((p / this.n) | 0);
  }
  /** dual[a] + dual[b] − w2 of the edge between top-level vertices a and b (the duals of blossoms holding both left out). */
  slack(p: number): bigint {
    const a = (p / this.n) | 0;
    const b = p % this.n;
    const key = a < b ? p : b * this.n + a;
    if (this.slackAt[key] === this.slackEpoch) return this.slackCache[key];
    const s = this.dual[a] + this.dual[b] - this.w2[p];
    this.slackCache[key] = s;
    this.slackAt[key] = this.slackEpoch;
    return s;
  }
  allowKey(p: number): number {
    return Math.min(p, this.rev(p));
  }

  leaves(b: number, out: number[] = []): number[] {
    if (b < this.n) out.push(b);
    else for (const t of this.blossomChilds[b]!) this.leaves(t, out);
    return out;
  }

  assignLabel(w: number, t: number, p: number): void {
    const b = this.inBlossom[w];
    this.treeOf[b] = p === -1 ? w : this.treeOf[this.inBlossom[this.end(p)]];
    this.label[w] = this.label[b] = t;
    this.labelEnd[w] = this.labelEnd[b] = p;
    this.bestEdge[w] = this.bestEdge[b] = -1;
    if (t === 1) this.leaves(b, this.queue);
    else if (t === 2) {
      const m = this.mate[this.blossomBase[b]];
      this.assignLabel(this.end(m), 1, this.rev(m));
    }
  }

  /** The base of the blossom that the S-S edge v-w closes, or -1 when it joins two trees (an augmenting path). */
  scanBlossom(vIn: number, wIn: number): number {
    let v = vIn;
    let w = wIn;
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = this.inBlossom[v];
      if (this.label[b] & 4) {
        base = this.blossomBase[b];
        break;
      }
      path.push(b);
      this.label[b] = 5;
      if (this.labelEnd[b] === -1) v = -1;
      else {
        v = this.end(this.labelEnd[b]);
        b = this.inBlossom[v];
        v = this.end(this.labelEnd[b]);
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) this.label[b] = 1;
    return base;
  }

  /**
   * A new S-blossom with `base`, closed by the edge `k` (an end code); its T-children's vertices are queued.
   * Its least-slack edge is left to the caller (forest.ts).
   */
  addBlossom(base: number, k: number): number {
    let v = this.from(k);
    let w = this.end(k);
    const { inBlossom, blossomParent, labelEnd } = this;
    const bb = inBlossom[base];
    let bv = inBlossom[v];
    let bw = inBlossom[w];
    const b = this.unusedBlossoms.pop()!;
    this.blossomBase[b] = base;
    blossomParent[b] = -1;
    blossomParent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      blossomParent[bv] = b;
      path.push(bv);
      endps.push(labelEnd[bv]);
      v = this.end(labelEnd[bv]);
      bv = inBlossom[v];
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(this.rev(k));
    while (bw !== bb) {
      blossomParent[bw] = b;
      path.push(bw);
      endps.push(this.rev(labelEnd[bw]));
      w = this.end(labelEnd[bw]);
      bw = inBlossom[w];
    }
    this.blossomChilds[b] = path;
    this.blossomEndps[b] = endps;
    this.label[b] = 1;
    this.treeOf[b] = this.treeOf[bb];
    labelEnd[b] = labelEnd[bb];
    this.dual[b] = 0n;
    for (const leaf of this.leaves(b)) {
      if (this.label[inBlossom[leaf]] === 2) this.queue.push(leaf);
      inBlossom[leaf] = b;
    }
    this.bestEdge[b] = -1;
    return b;
  }

  /** Makes b's children top-level blossoms (relabelling them when b was a T-blossom mid-stage). */
  expandBlossom(b: number, endStage: boolean): void {
    const { n, label, labelEnd, inBlossom } = this;
    const childs = this.blossomChilds[b]!;
    for (const s of childs) {
      this.blossomParent[s] = -1;
      if (s < n) inBlossom[s] = s;
      else if (endStage && this.dual[s] === 0n) this.expandBlossom(s, endStage);
      else for (const leaf of this.leaves(s)) inBlossom[leaf] = s;
    }
    if (!endStage && label[b] === 2) {
      for (const s of childs) this.treeOf[s] = this.treeOf[b];
      const endps = this.blossomEndps[b]!;
      const entryChild = inBlossom[this.from(labelEnd[b])];
      let { j, jStep, endpTrick } = blossomWalk(childs.indexOf(entryChild), childs.length);
      const endAt = (i: number) => {
        const e = at(endps, i - endpTrick);
        return endpTrick ? this.rev(e) : e;
      };
      let p = labelEnd[b];
      while (j !== 0) {
        label[this.from(p)] = 0;
        label[this.from(endAt(j))] = 0;
        this.assignLabel(this.from(p), 2, p);
        this.allowed[this.allowKey(at(endps, j - endpTrick))] = this.stageStamp;
        j += jStep;
        p = endAt(j);
        this.allowed[this.allowKey(p)] = this.stageStamp;
        j += jStep;
      }
      const bv = at(childs, j);
      label[this.from(p)] = label[bv] = 2;
      labelEnd[this.from(p)] = labelEnd[bv] = p;
      this.bestEdge[bv] = -1;
      j += jStep;
      while (at(childs, j) !== entryChild) {
        const child = at(childs, j);
        if (label[child] === 1) {
          j += jStep;
          continue;
        }
        let found = -1;
        for (const leaf of this.leaves(child)) {
          if (label[leaf] !== 0) {
            found = leaf;
            break;
          }
        }
        if (found >= 0) {
          label[found] = 0;
          label[this.end(this.mate[this.blossomBase[child]])] = 0;
          this.assignLabel(found, 2, labelEnd[found]);
        }
        j += jStep;
      }
    }
    label[b] = labelEnd[b] = -1;
    this.blossomChilds[b] = this.blossomEndps[b] = null;
    this.blossomBase[b] = -1;
    this.bestEdge[b] = -1;
    this.unusedBlossoms.push(b);
  }

  /** Rotates blossom b so that its sub-vertex v becomes its base, swapping the matched edges along the way. */
  augmentBlossom(b: number, v: number): void {
    const { n, blossomParent } = this;
    let t = v;
    while (blossomParent[t] !== b) t = blossomParent[t];
    if (t >= n) this.augmentBlossom(t, v);
    const childs = this.blossomChilds[b]!;
    const endps = this.blossomEndps[b]!;
    const i = childs.indexOf(t);
    let { j, jStep, endpTrick } = blossomWalk(i, childs.length);
    while (j !== 0) {
      j += jStep;
      t = at(childs, j);
      const e = at(endps, j - endpTrick);
      const p = endpTrick ? this.rev(e) : e;
      if (t >= n) this.augmentBlossom(t, this.end(p));
      j += jStep;
      t = at(childs, j);
      if (t >= n) this.augmentBlossom(t, this.from(p));
      this.mate[this.end(p)] = this.rev(p);
      this.mate[this.from(p)] = p;
    }
    this.blossomChilds[b] = [...childs.slice(i), ...childs.slice(0, i)];
    this.blossomEndps[b] = [...endps.slice(i), ...endps.slice(0, i)];
    this.blossomBase[b] = this.blossomBase[this.blossomChilds[b]![0]];
  }

  /**
   * Flips the alternating path from S-vertex s up to the root of its tree, s taking the end `p` (-1: s is
   * left unmatched, the root matched instead).
   */
  augmentFrom(start: number, firstEnd: number): void {
    const { n, inBlossom, labelEnd } = this;
    let s = start;
    let p = firstEnd;
    for (;;) {
      const bs = inBlossom[s];
      if (bs >= n) this.augmentBlossom(bs, s);
      this.mate[s] = p;
      if (labelEnd[bs] === -1) break;
      const bt = inBlossom[this.end(labelEnd[bs])];
      s = this.end(labelEnd[bt]);
      const j = this.from(labelEnd[bt]);
      if (bt >= n) this.augmentBlossom(bt, j);
      this.mate[j] = labelEnd[bt];
      p = this.rev(labelEnd[bt]);
    }
  }

  /**
   * Leaves v exposed and out of every blossom, keeping the rest an optimum's proof. v is first made the base
   * of its blossoms (their matched edges rotated along tight edges) and their outside partner let go; then
   * the blossoms holding v are taken apart top down, each one's dual moved onto its vertices: an edge inside
   * keeps its reduced cost and an edge out of it gains, and the only matched edge out of it was the one let go.
   */
  exposeAndDissolve(v: number): void {
    const top = this.inBlossom[v];
    if (top !== v) {
      const outside = this.mate[this.blossomBase[top]];
      if (outside >= 0) this.mate[this.end(outside)] = -1;
      this.augmentBlossom(top, v);
    } else if (this.mate[v] >= 0) this.mate[this.end(this.mate[v])] = -1;
    this.mate[v] = -1;
    for (let b = this.inBlossom[v]; b !== v; b = this.inBlossom[v]) {
      const z = this.dual[b];
      if (z !== 0n) for (const leaf of this.leaves(b)) this.dual[leaf] += z;
      this.dual[b] = 0n;
      this.expandBlossom(b, true);
    }
  }
}

const at = <T>(list: readonly T[], i: number): T => list[i < 0 ? list.length + i : i];

/**
 * The way round a blossom from child `j` of `length` to its base (child 0): forwards from an odd child (j
 * taken as j - length, so that the walk counts up to 0), backwards from an even one; `endpTrick` picks the
 * edge end that leads on in that direction.
 */
function blossomWalk(j: number, length: number): { j: number; jStep: number; endpTrick: number } {
  return j & 1 ? { j: j - length, jStep: 1, endpTrick: 0 } : { j, jStep: -1, endpTrick: 1 };
}
