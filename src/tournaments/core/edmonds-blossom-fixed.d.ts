// The package ships no types; @types/edmonds-blossom describes the same function for the unfixed package.
declare module "edmonds-blossom-fixed" {
  /**
   * Maximum-weight matching of an undirected graph given as `[i, j, weight]` edges on vertices 0..n-1.
   * Returns `mate`, where `mate[v]` is v's partner or -1. With `maxCardinality`, the heaviest among the
   * matchings of largest size.
   */
  function blossom(edges: number[][], maxCardinality?: boolean): number[];
  export = blossom;
}
