/**
 * What the matching (matching.ts) returns: the optimum with its proof, twice the LP duals. An edge's
 * reduced cost is dual[u] + dual[v] − 2·weight plus twice the duals of the blossoms holding both ends
 * (`blossoms[v]`: v's blossoms, innermost first, with their duals); the matching is optimal while every
 * reduced cost is ≥ 0, a matched edge's is 0 and a free vertex's dual is 0.
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
