/**
 * What the matching (matching.ts) returns, and its dual step: the optimum with its proof, twice the LP duals. An edge's
 * reduced cost is dual[u] + dual[v] − 2·weight plus twice the duals of the blossoms holding both ends
 * (`blossoms[v]`: v's blossoms, innermost first, with their duals); the matching is optimal while every
 * reduced cost is ≥ 0, a matched edge's is 0 and a free vertex's dual is 0. dutch/graph.ts uses it to keep
 * a matching after a change that leaves it optimal.
 */

export interface WeightedEdge {
  readonly u: number;
  readonly v: number;
  readonly weight: bigint;
}

export interface MatchingSolution {
  readonly mate: number[];
  readonly dual: bigint[];
  readonly blossoms: (readonly { readonly id: number; readonly dual: bigint }[])[];
}

export function emptySolution(n: number): MatchingSolution {
  return {
    mate: new Array<number>(n).fill(-1),
    dual: new Array<bigint>(n).fill(0n),
    blossoms: Array.from({ length: n }, () => []),
  };
}

/** Each vertex's blossoms, innermost first, from the blossom tree's parent links. */
export function blossomChains(n: number, parent: Int32Array, dual: readonly bigint[]): MatchingSolution["blossoms"] {
  return Array.from({ length: n }, (_, v) => {
    const chain: { id: number; dual: bigint }[] = [];
    for (let b = parent[v]; b >= 0; b = parent[b]) chain.push({ id: b, dual: dual[b] });
    return chain;
  });
}

/** Twice the duals of the blossoms holding both a and b. */
export function sharedBlossomDual(s: Pick<MatchingSolution, "blossoms">, a: number, b: number): bigint {
  const inner = s.blossoms[a];
  if (inner.length === 0) return 0n;
  const ids = new Set(inner.map((x) => x.id));
  let sum = 0n;
  for (const x of s.blossoms[b]) if (ids.has(x.id)) sum += x.dual;
  return 2n * sum;
}

/** The labelled forest's state that the dual step reads (matching.ts). */
export interface DualState {
  readonly n: number;
  readonly label: Int32Array;
  readonly inBlossom: Int32Array;
  readonly bestEdge: Int32Array;
  readonly blossomParent: Int32Array;
  readonly blossomBase: Int32Array;
  readonly dualVar: bigint[];
}

/**
 * One dual change of the primal-dual method (mwmatching.py's delta): the largest step that keeps every
 * reduced cost ≥ 0, applied to the duals. Type 1: a vertex dual reaches 0 (the end); 2: an edge from an
 * S-vertex to a free vertex becomes tight; 3: an edge between two S-blossoms; 4: a T-blossom's dual reaches 0.
 */
export function dualStep(
  st: DualState,
  slack: (edge: number) => bigint,
): { deltaType: number; deltaEdge: number; deltaBlossom: number } {
  const { n, label, inBlossom, bestEdge, blossomParent, blossomBase, dualVar } = st;
  let deltaType = 1;
  let delta = dualVar[0];
  for (let v = 1; v < n; v++) if (dualVar[v] < delta) delta = dualVar[v];
  let deltaEdge = -1;
  let deltaBlossom = -1;
  for (let v = 0; v < n; v++) {
    if (label[inBlossom[v]] === 0 && bestEdge[v] !== -1) {
      const d = slack(bestEdge[v]);
      if (d < delta) {
        delta = d;
        deltaType = 2;
        deltaEdge = bestEdge[v];
      }
    }
  }
  for (let b = 0; b < 2 * n; b++) {
    if (blossomParent[b] === -1 && label[b] === 1 && bestEdge[b] !== -1) {
      const d = slack(bestEdge[b]) / 2n;
      if (d < delta) {
        delta = d;
        deltaType = 3;
        deltaEdge = bestEdge[b];
      }
    }
  }
  for (let b = n; b < 2 * n; b++) {
    if (blossomBase[b] >= 0 && blossomParent[b] === -1 && label[b] === 2 && dualVar[b] < delta) {
      delta = dualVar[b];
      deltaType = 4;
      deltaBlossom = b;
    }
  }
  for (let v = 0; v < n; v++) {
    const l = label[inBlossom[v]];
    if (l === 1) dualVar[v] -= delta;
    else if (l === 2) dualVar[v] += delta;
  }
  for (let b = n; b < 2 * n; b++) {
    if (blossomBase[b] >= 0 && blossomParent[b] === -1) {
      if (label[b] === 1) dualVar[b] += delta;
      else if (label[b] === 2) dualVar[b] -= delta;
    }
  }
  return { deltaType, deltaEdge, deltaBlossom };
}
