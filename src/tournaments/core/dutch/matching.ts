/**
 * Maximum-weight matching in a general graph with BigInt weights: Edmonds' blossom algorithm with the
 * primal-dual method, O(n³), after Joris van Rantwijk's mwmatching.py (public domain), the algorithm
 * `edmonds-blossom-fixed` ports. Written here, not taken from a library, because the Dutch weights
 * (dutch/weights.ts) are several hundred bits wide: every matching library on npm computes in JavaScript
 * numbers, exact only to 2^53. With integer weights every dual stays an integer (slacks between two
 * S-vertices are even because the slack counts each weight twice), so BigInt is exact.
 *
 * `mate[v]` is the vertex matched to v, or -1.
 */

import { blossomChains, dualStep, emptySolution, type MatchingSolution, type WeightedEdge } from "./solution.ts";

export type { MatchingSolution, WeightedEdge };

/** A maximum-weight matching of the graph on vertices 0..vertexCount-1 (not necessarily of maximum cardinality). */
export function maxWeightMatching(vertexCount: number, edges: readonly WeightedEdge[]): number[] {
  return solveMatching(vertexCount, edges).mate;
}

export function solveMatching(vertexCount: number, edges: readonly WeightedEdge[]): MatchingSolution {
  const n = vertexCount;
  const mateOut = new Array<number>(n).fill(-1);
  if (edges.length === 0 || n === 0) return emptySolution(n);
  const nEdge = edges.length;
  const eu = new Int32Array(nEdge);
  const ev = new Int32Array(nEdge);
  /** Twice each weight: the slack's form. */
  const wt2: bigint[] = new Array(nEdge);
  let maxWeight = 0n;
  for (let k = 0; k < nEdge; k++) {
    eu[k] = edges[k].u;
    ev[k] = edges[k].v;
    wt2[k] = 2n * edges[k].weight;
    if (edges[k].weight > maxWeight) maxWeight = edges[k].weight;
  }
  const endpoint = new Int32Array(2 * nEdge);
  for (let k = 0; k < nEdge; k++) {
    endpoint[2 * k] = eu[k];
    endpoint[2 * k + 1] = ev[k];
  }
  const neighbend: number[][] = Array.from({ length: n }, () => []);
  for (let k = 0; k < nEdge; k++) {
    neighbend[eu[k]].push(2 * k + 1);
    neighbend[ev[k]].push(2 * k);
  }
  const mate = new Int32Array(n).fill(-1);
  const label = new Int32Array(2 * n);
  const labelEnd = new Int32Array(2 * n).fill(-1);
  const inBlossom = new Int32Array(n);
  for (let i = 0; i < n; i++) inBlossom[i] = i;
  const blossomParent = new Int32Array(2 * n).fill(-1);
  const blossomChilds: (number[] | null)[] = new Array(2 * n).fill(null);
  const blossomBase = new Int32Array(2 * n).fill(-1);
  for (let i = 0; i < n; i++) blossomBase[i] = i;
  const blossomEndps: (number[] | null)[] = new Array(2 * n).fill(null);
  const bestEdge = new Int32Array(2 * n).fill(-1);
  const blossomBestEdges: (number[] | null)[] = new Array(2 * n).fill(null);
  const unusedBlossoms: number[] = [];
  for (let b = n; b < 2 * n; b++) unusedBlossoms.push(b);
  const dualVar: bigint[] = new Array(2 * n);
  for (let i = 0; i < n; i++) dualVar[i] = maxWeight;
  for (let i = n; i < 2 * n; i++) dualVar[i] = 0n;
  const allowEdge = new Uint8Array(nEdge);
  let queue: number[] = [];

  const slack = (k: number): bigint => dualVar[eu[k]] + dualVar[ev[k]] - wt2[k];
  const at = <T>(list: T[], i: number): T => list[i < 0 ? list.length + i : i];

  const leaves = (b: number, out: number[] = []): number[] => {
    if (b < n) out.push(b);
    else for (const t of blossomChilds[b]!) leaves(t, out);
    return out;
  };

  const assignLabel = (w: number, t: number, p: number): void => {
    const b = inBlossom[w];
    label[w] = label[b] = t;
    labelEnd[w] = labelEnd[b] = p;
    bestEdge[w] = bestEdge[b] = -1;
    if (t === 1) leaves(b, queue);
    else if (t === 2) {
      const base = blossomBase[b];
      assignLabel(endpoint[mate[base]], 1, mate[base] ^ 1);
    }
  };

  const scanBlossom = (vIn: number, wIn: number): number => {
    let v = vIn;
    let w = wIn;
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = inBlossom[v];
      if (label[b] & 4) {
        base = blossomBase[b];
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelEnd[b] === -1) v = -1;
      else {
        v = endpoint[labelEnd[b]];
        b = inBlossom[v];
        v = endpoint[labelEnd[b]];
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) label[b] = 1;
    return base;
  };

  const addBlossom = (base: number, k: number): void => {
    let v = eu[k];
    let w = ev[k];
    const bb = inBlossom[base];
    let bv = inBlossom[v];
    let bw = inBlossom[w];
    const b = unusedBlossoms.pop()!;
    blossomBase[b] = base;
    blossomParent[b] = -1;
    blossomParent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      blossomParent[bv] = b;
      path.push(bv);
      endps.push(labelEnd[bv]);
      v = endpoint[labelEnd[bv]];
      bv = inBlossom[v];
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      blossomParent[bw] = b;
      path.push(bw);
      endps.push(labelEnd[bw] ^ 1);
      w = endpoint[labelEnd[bw]];
      bw = inBlossom[w];
    }
    blossomChilds[b] = path;
    blossomEndps[b] = endps;
    label[b] = 1;
    labelEnd[b] = labelEnd[bb];
    dualVar[b] = 0n;
    for (const leaf of leaves(b)) {
      if (label[inBlossom[leaf]] === 2) queue.push(leaf);
      inBlossom[leaf] = b;
    }
    const bestEdgeTo = new Map<number, number>();
    const bestSlackTo = new Map<number, bigint>();
    const consider = (edge: number) => {
      let i = eu[edge];
      let j = ev[edge];
      if (inBlossom[j] === b) [i, j] = [j, i];
      const bj = inBlossom[j];
      if (bj === b || label[bj] !== 1) return;
      const s = slack(edge);
      const known = bestSlackTo.get(bj);
      if (known === undefined || s < known) {
        bestEdgeTo.set(bj, edge);
        bestSlackTo.set(bj, s);
      }
    };
    for (const child of path) {
      const own = blossomBestEdges[child];
      if (own === null) {
        for (const leaf of leaves(child)) for (const p of neighbend[leaf]) consider(p >> 1);
      } else for (const edge of own) consider(edge);
      blossomBestEdges[child] = null;
      bestEdge[child] = -1;
    }
    const best = [...bestEdgeTo.values()];
    blossomBestEdges[b] = best;
    bestEdge[b] = -1;
    let bestSlack = 0n;
    for (const edge of best) {
      const s = slack(edge);
      if (bestEdge[b] === -1 || s < bestSlack) {
        bestEdge[b] = edge;
        bestSlack = s;
      }
    }
  };

  const expandBlossom = (b: number, endStage: boolean): void => {
    const childs = blossomChilds[b]!;
    for (const s of childs) {
      blossomParent[s] = -1;
      if (s < n) inBlossom[s] = s;
      else if (endStage && dualVar[s] === 0n) expandBlossom(s, endStage);
      else for (const leaf of leaves(s)) inBlossom[leaf] = s;
    }
    if (!endStage && label[b] === 2) {
      const endps = blossomEndps[b]!;
      const entryChild = inBlossom[endpoint[labelEnd[b] ^ 1]];
      let { j, jStep, endpTrick } = blossomWalk(childs.indexOf(entryChild), childs.length);
      let p = labelEnd[b];
      while (j !== 0) {
        label[endpoint[p ^ 1]] = 0;
        label[endpoint[at(endps, j - endpTrick) ^ endpTrick ^ 1]] = 0;
        assignLabel(endpoint[p ^ 1], 2, p);
        allowEdge[at(endps, j - endpTrick) >> 1] = 1;
        j += jStep;
        p = at(endps, j - endpTrick) ^ endpTrick;
        allowEdge[p >> 1] = 1;
        j += jStep;
      }
      const bv = at(childs, j);
      label[endpoint[p ^ 1]] = label[bv] = 2;
      labelEnd[endpoint[p ^ 1]] = labelEnd[bv] = p;
      bestEdge[bv] = -1;
      j += jStep;
      while (at(childs, j) !== entryChild) {
        const child = at(childs, j);
        if (label[child] === 1) {
          j += jStep;
          continue;
        }
        let found = -1;
        for (const leaf of leaves(child)) {
          if (label[leaf] !== 0) {
            found = leaf;
            break;
          }
        }
        if (found >= 0) {
          label[found] = 0;
          label[endpoint[mate[blossomBase[child]]]] = 0;
          assignLabel(found, 2, labelEnd[found]);
        }
        j += jStep;
      }
    }
    label[b] = labelEnd[b] = -1;
    blossomChilds[b] = blossomEndps[b] = null;
    blossomBase[b] = -1;
    blossomBestEdges[b] = null;
    bestEdge[b] = -1;
    unusedBlossoms.push(b);
  };

  const augmentBlossom = (b: number, v: number): void => {
    let t = v;
    while (blossomParent[t] !== b) t = blossomParent[t];
    if (t >= n) augmentBlossom(t, v);
    const childs = blossomChilds[b]!;
    const endps = blossomEndps[b]!;
    const i = childs.indexOf(t);
    let { j, jStep, endpTrick } = blossomWalk(i, childs.length);
    while (j !== 0) {
      j += jStep;
      t = at(childs, j);
      const p = at(endps, j - endpTrick) ^ endpTrick;
      if (t >= n) augmentBlossom(t, endpoint[p]);
      j += jStep;
      t = at(childs, j);
      if (t >= n) augmentBlossom(t, endpoint[p ^ 1]);
      mate[endpoint[p]] = p ^ 1;
      mate[endpoint[p ^ 1]] = p;
    }
    blossomChilds[b] = [...childs.slice(i), ...childs.slice(0, i)];
    blossomEndps[b] = [...endps.slice(i), ...endps.slice(0, i)];
    blossomBase[b] = blossomBase[blossomChilds[b]![0]];
  };

  const augmentMatching = (k: number): void => {
    for (const [start, firstP] of [
      [eu[k], 2 * k + 1],
      [ev[k], 2 * k],
    ]) {
      let s = start;
      let p = firstP;
      for (;;) {
        const bs = inBlossom[s];
        if (bs >= n) augmentBlossom(bs, s);
        mate[s] = p;
        if (labelEnd[bs] === -1) break;
        const t = endpoint[labelEnd[bs]];
        const bt = inBlossom[t];
        s = endpoint[labelEnd[bt]];
        const j = endpoint[labelEnd[bt] ^ 1];
        if (bt >= n) augmentBlossom(bt, j);
        mate[j] = labelEnd[bt];
        p = labelEnd[bt] ^ 1;
      }
    }
  };

  for (let stage = 0; stage < n; stage++) {
    label.fill(0);
    bestEdge.fill(-1);
    for (let b = n; b < 2 * n; b++) blossomBestEdges[b] = null;
    allowEdge.fill(0);
    queue = [];
    for (let v = 0; v < n; v++) if (mate[v] === -1 && label[inBlossom[v]] === 0) assignLabel(v, 1, -1);
    let augmented = false;
    for (;;) {
      while (queue.length > 0 && !augmented) {
        const v = queue.pop()!;
        for (const p of neighbend[v]) {
          const k = p >> 1;
          const w = endpoint[p];
          if (inBlossom[v] === inBlossom[w]) continue;
          let kSlack = 0n;
          if (!allowEdge[k]) {
            kSlack = slack(k);
            if (kSlack <= 0n) allowEdge[k] = 1;
          }
          if (allowEdge[k]) {
            if (label[inBlossom[w]] === 0) assignLabel(w, 2, p ^ 1);
            else if (label[inBlossom[w]] === 1) {
              const base = scanBlossom(v, w);
              if (base >= 0) addBlossom(base, k);
              else {
                augmentMatching(k);
                augmented = true;
                break;
              }
            } else if (label[w] === 0) {
              label[w] = 2;
              labelEnd[w] = p ^ 1;
            }
          } else if (label[inBlossom[w]] === 1) {
            const b = inBlossom[v];
            if (bestEdge[b] === -1 || kSlack < slack(bestEdge[b])) bestEdge[b] = k;
          } else if (label[w] === 0) {
            if (bestEdge[w] === -1 || kSlack < slack(bestEdge[w])) bestEdge[w] = k;
          }
        }
      }
      if (augmented) break;
      // No augmenting path under the current duals: change them by the largest safe delta.
      const { deltaType, deltaEdge, deltaBlossom } = dualStep(
        { n, label, inBlossom, bestEdge, blossomParent, blossomBase, dualVar },
        slack,
      );
      if (deltaType === 1) break;
      if (deltaType === 2) {
        allowEdge[deltaEdge] = 1;
        let i = eu[deltaEdge];
        if (label[inBlossom[i]] === 0) i = ev[deltaEdge];
        queue.push(i);
      } else if (deltaType === 3) {
        allowEdge[deltaEdge] = 1;
        queue.push(eu[deltaEdge]);
      } else expandBlossom(deltaBlossom, false);
    }
    if (!augmented) break;
    for (let b = n; b < 2 * n; b++) {
      if (blossomParent[b] === -1 && blossomBase[b] >= 0 && label[b] === 1 && dualVar[b] === 0n) expandBlossom(b, true);
    }
  }
  for (let v = 0; v < n; v++) if (mate[v] >= 0) mateOut[v] = endpoint[mate[v]];
  return { mate: mateOut, dual: dualVar.slice(0, n), blossoms: blossomChains(n, blossomParent, dualVar) };
}

/**
 * The way round a blossom from child `j` of `length` to its base (child 0): forwards from an odd child (j
 * taken as j - length, so that the walk counts up to 0), backwards from an even one; `endpTrick` picks the
 * edge end that leads on in that direction.
 */
function blossomWalk(j: number, length: number): { j: number; jStep: number; endpTrick: number } {
  return j & 1 ? { j: j - length, jStep: 1, endpTrick: 0 } : { j, jStep: -1, endpTrick: 1 };
}
