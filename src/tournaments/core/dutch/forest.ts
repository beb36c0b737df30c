/**
 * The search of the incremental matching (matching.ts): alternating trees grown from every exposed vertex whose
 * dual is above 0 at once, one dual change for all of them, as in mwmatching.py. What differs is that an
 * augmentation takes apart only the trees it joins (or the one it flips): the others keep their labels, and the
 * vertices set free are offered to them (each one's edges to the S-vertices left). mwmatching.py starts every
 * tree again after each augmentation, and growing one tree at a time from one root (this file's previous way)
 * re-scans the same matched vertices for every root: a new bracket's weights leave most of the field exposed,
 * and either costs a scan of most vertices per augmentation where this costs a few.
 *
 * Least-slack edges kept from before an augmentation may point at a vertex that is no longer in a tree; the
 * dual step finds them and recomputes them from the vertex's row. Edges known tight are forgotten whenever a
 * tree is taken apart (its vertices' duals stop moving with the trees').
 *
 * Roots are taken one dual parity at a time (those of the parity most have first): weights are doubled, so a
 * tight edge joins vertices of the same parity and every labelled vertex keeps its root's parity; with one
 * parity for all roots, the slack between two S-vertices is even and the step that closes it (half of it) is
 * an integer.
 */
import { BlossomForest } from "./blossoms.ts";

export class AlternatingForest extends BlossomForest {
  /** Vertices of trees taken apart, still to offer to the trees left. */
  private freed: number[] = [];
  /** Tight edges between two S-vertices of the same tree, left until no augmenting edge is in sight (see `tight`). */
  private pending: number[] = [];
  private liveTrees = 0;

  /** Augments until no exposed vertex has a dual above 0: the matching is then a maximum-weight one. */
  protected search(): void {
    for (let roots = this.roots(); roots.length > 0; roots = this.roots()) this.grow(roots);
  }

  /** The exposed vertices with a dual above 0, of the parity most of them have. */
  private roots(): number[] {
    const odd: number[] = [];
    const even: number[] = [];
    for (const v of this.actives) {
      if (this.mate[v] === -1 && this.dual[v] > 0n) ((this.dual[v] & 1n) === 1n ? odd : even).push(v);
    }
    return odd.length > even.length ? odd : even;
  }

  /** Grows a tree from each root until every tree has augmented or been flipped. */
  private grow(roots: readonly number[]): void {
    this.label.fill(0);
    this.labelEnd.fill(-1);
    this.bestEdge.fill(-1);
    this.stageStamp++;
    this.queue = [];
    this.freed = [];
    this.pending = [];
    for (const r of roots) this.assignLabel(r, 1, -1);
    this.liveTrees = roots.length;
    do {
      // First queued, first scanned: trees grow level by level, and meet sooner than one grown deep first.
      let head = 0;
      while (head < this.queue.length || this.freed.length > 0 || this.pending.length > 0) {
        if (this.freed.length > 0) this.offerFreed(this.freed.pop()!);
        else if (head < this.queue.length) this.scan(this.queue[head++]);
        else this.closeBlossom(this.pending.pop()!);
      }
      this.queue.length = 0;
    } while (this.dualStep());
  }

  /** Looks at every edge of S-vertex v: a tight one grows the tree, forms a blossom or augments. */
  private scan(v: number): void {
    const { n, w2, label, inBlossom, allowed, actives } = this;
    if (label[inBlossom[v]] !== 1) return; // its tree was taken apart since it was queued
    const row = v * n;
    for (const w of actives) {
      const p = row + w;
      const wp = w2[p];
      const bw = inBlossom[w];
      if (w === v || wp === 0n || inBlossom[v] === bw) continue;
      // A T-vertex reached already: nothing to learn, so no BigInt sum.
      if (label[bw] === 2 && label[w] !== 0) continue;
      const key = v < w ? p : w * n + v;
      let kSlack = 0n;
      if (allowed[key] !== this.stageStamp) {
        kSlack = this.slack(p);
        if (kSlack <= 0n) allowed[key] = this.stageStamp;
      }
      if (allowed[key] === this.stageStamp) {
        if (this.tight(p)) return;
      } else if (label[bw] === 1) this.offer(inBlossom[v], p, kSlack);
      else if (label[w] === 0) this.offer(w, p, kSlack);
    }
  }

  /** The tight edge p from an S-vertex: true when it augmented (the S-vertex's tree is gone). */
  private tight(p: number): boolean {
    const { label } = this;
    const v = this.from(p);
    const w = this.end(p);
    const bw = this.inBlossom[w];
    if (label[bw] === 0) {
      if (this.mate[this.blossomBase[bw]] === -1) return this.augment(p);
      this.assignLabel(w, 2, this.rev(p));
    } else if (label[bw] === 1) {
      if (this.treeOf[this.inBlossom[v]] === this.treeOf[bw]) {
        this.pending.push(p);
        return false;
      }
      const base = this.scanBlossom(v, w);
      if (base < 0) return this.augment(p);
      this.formBlossom(base, p);
    } else if (label[w] === 0) {
      label[w] = 2;
      this.labelEnd[w] = this.rev(p);
    }
    return false;
  }

  /** A tight edge put off by `tight`: a blossom if it still joins two S-blossoms of one tree, an augmentation if of two trees. */
  private closeBlossom(p: number): void {
    const { label, inBlossom } = this;
    const bv = inBlossom[this.from(p)];
    const bw = inBlossom[this.end(p)];
    if (bv === bw || label[bv] !== 1 || label[bw] !== 1) return;
    const base = this.scanBlossom(this.from(p), this.end(p));
    if (base < 0) this.augment(p);
    else this.formBlossom(base, p);
  }

  /**
   * A new S-blossom (blossoms.ts) and its least-slack edge to another S-blossom: the least of its S-children's
   * that still leads out of it. A T-child's edges need nothing here: its vertices are queued, and their scans
   * offer them to the new blossom. An S-child whose kept edge now lies inside (often the very edge that closed
   * the blossom) has its vertices' rows read again; mwmatching.py keeps a list of least edges per blossom
   * instead, but reads every vertex child's row at each new blossom, T-children included.
   */
  private formBlossom(base: number, p: number): void {
    const { n, w2, label, inBlossom } = this;
    const b = this.addBlossom(base, p);
    for (const child of this.blossomChilds[b]!) {
      const kept = this.bestEdge[child];
      this.bestEdge[child] = -1;
      if (label[child] !== 1 || kept === -1) continue;
      const far = inBlossom[this.end(kept)];
      if (far !== b && label[far] === 1) {
        this.offer(b, kept, this.slack(kept));
        continue;
      }
      for (const leaf of this.leaves(child)) {
        for (const u of this.actives) {
          const bu = inBlossom[u];
          if (label[bu] === 1 && bu !== b && w2[leaf * n + u] !== 0n)
            this.offer(b, leaf * n + u, this.slack(leaf * n + u));
        }
      }
    }
  }

  /** Offers u, freed from a tree taken apart, to the S-vertices left, as their scans would have. */
  private offerFreed(u: number): void {
    const { n, w2, label, inBlossom } = this;
    for (const s of this.actives) {
      const bu = inBlossom[u];
      if (label[bu] === 1 || (label[bu] === 2 && label[u] !== 0)) return; // labelled meanwhile
      const bs = inBlossom[s];
      const p = s * n + u;
      if (label[bs] !== 1 || bs === bu || w2[p] === 0n) continue;
      const slack = this.slack(p);
      if (slack <= 0n) this.tight(p);
      else this.offer(u, p, slack);
    }
  }

  /** Keeps edge p (slack `slack`) as x's least-slack edge if it beats the one kept (its slack read from the cache). */
  private offer(x: number, p: number, slack: bigint): void {
    const kept = this.bestEdge[x];
    if (kept !== -1 && slack >= this.slack(kept)) return;
    this.bestEdge[x] = p;
  }

  /** Augments along the tight edge p between an S-vertex and another tree or an exposed vertex; true. */
  private augment(p: number): boolean {
    const v = this.from(p);
    const w = this.end(p);
    const bw = this.inBlossom[w];
    const trees = [this.treeOf[this.inBlossom[v]], this.label[bw] === 1 ? this.treeOf[bw] : -1];
    this.augmentFrom(v, p);
    this.augmentFrom(w, this.rev(p));
    this.takeApart(trees);
    return true;
  }

  /**
   * Unlabels the trees rooted at `roots`: their S-blossoms at dual 0 expanded (as mwmatching.py does at the
   * end of a stage), every vertex and blossom in them unlabelled, and the trees left told.
   */
  private takeApart(roots: readonly number[]): void {
    const { n, label, labelEnd, bestEdge, inBlossom, treeOf, blossomParent } = this;
    const leaves: number[] = [];
    for (const v of this.actives) {
      const t = inBlossom[v];
      if (label[t] !== 0 && roots.includes(treeOf[t])) leaves.push(v);
    }
    for (const v of leaves) {
      const t = inBlossom[v];
      if (t >= n && label[t] === 1 && this.dual[t] === 0n) this.expandBlossom(t, true);
    }
    for (const v of leaves) {
      for (let b = v; b !== -1; b = blossomParent[b]) {
        label[b] = 0;
        labelEnd[b] = -1;
        bestEdge[b] = -1;
      }
    }
    this.stageStamp++;
    this.liveTrees -= roots.filter((r) => r !== -1).length;
    // The trees left learn of the freed vertices through the freed vertices' rows (only their edges to
    // S-vertices need a BigInt sum, where reading the S-vertices' rows again would sum every edge to a free one).
    if (this.liveTrees > 0) for (const v of leaves) this.freed.push(v);
    else this.freed = [];
  }

  /** x's least-slack edge to an S-vertex out of x's blossom, from x's rows (x: a free vertex or a top-level S-blossom). */
  private rescanBest(x: number): void {
    const { n, w2, label, inBlossom } = this;
    this.bestEdge[x] = -1;
    const fromS = label[inBlossom[x < n ? x : this.blossomBase[x]]] !== 1;
    for (const leaf of this.leaves(x)) {
      for (const u of this.actives) {
        const bu = inBlossom[u];
        if (label[bu] !== 1 || bu === inBlossom[leaf] || w2[leaf * n + u] === 0n) continue;
        const p = fromS ? u * n + leaf : leaf * n + u;
        this.offer(x, p, this.slack(p));
      }
    }
  }

  /**
   * One dual change (mwmatching.py's delta), the largest that keeps every reduced cost ≥ 0: 1, an S-vertex's
   * dual reaches 0 (its path is flipped so that it is exposed, and its tree taken apart); 2, an edge from an
   * S-vertex to an unlabelled one becomes tight; 3, one between two S-blossoms; 4, a T-blossom's dual reaches
   * 0 (it is expanded). False when no tree is left.
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
    if (deltaType === 0) return false;
    for (const v of actives) {
      if (label[inBlossom[v]] !== 0 || bestEdge[v] === -1) continue;
      if (label[inBlossom[this.from(bestEdge[v])]] !== 1) this.rescanBest(v);
      if (bestEdge[v] === -1) continue;
      const d = this.slack(bestEdge[v]);
      if (d < delta) {
        delta = d;
        deltaType = 2;
        deltaEdge = bestEdge[v];
      }
    }
    for (let b = 0; b < 2 * n; b++) {
      if (blossomParent[b] !== -1 || label[b] !== 1 || bestEdge[b] === -1) continue;
      const far = inBlossom[this.end(bestEdge[b])];
      if (far === b || label[far] !== 1) this.rescanBest(b);
      if (bestEdge[b] === -1) continue;
      const d = this.slack(bestEdge[b]) >> 1n;
      if (d < delta) {
        delta = d;
        deltaType = 3;
        deltaEdge = bestEdge[b];
      }
    }
    for (let b = n; b < 2 * n; b++) {
      if (blossomBase[b] >= 0 && blossomParent[b] === -1 && label[b] === 2 && dual[b] < delta) {
        delta = dual[b];
        deltaType = 4;
        deltaBlossom = b;
      }
    }
    if (delta !== 0n) {
      this.dualsChanged();
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
      const tree = this.treeOf[inBlossom[deltaBlossom]];
      this.augmentFrom(deltaBlossom, -1);
      this.takeApart([tree]);
    } else if (deltaType === 2) {
      this.allowed[this.allowKey(deltaEdge)] = this.stageStamp;
      let i = this.from(deltaEdge);
      if (label[inBlossom[i]] === 0) i = this.end(deltaEdge);
      this.queue.push(i);
    } else if (deltaType === 3) {
      this.allowed[this.allowKey(deltaEdge)] = this.stageStamp;
      this.queue.push(this.from(deltaEdge));
    } else this.expandBlossom(deltaBlossom, false);
    return true;
  }
}
