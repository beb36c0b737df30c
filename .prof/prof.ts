import { think } from "../src/ai/think.ts";
const mid = [1,1,3,1,4,4,4,3,1,2,1,1,2,1,3,2,6,2,2,4];
const level = (process.argv[2] ?? "expert") as "expert";
think({ ruleset: "abapa", moves: [], level, ms: 300 });
for (const [rs, moves] of [["abapa", []], ["abapa", mid], ["haiti", []]] as const) {
  const r = think({ ruleset: rs, moves: [...moves], level, ms: 1000 });
  console.log(rs, moves.length, r.depth, r.nodes, (r.nodes / r.ms / 1000).toFixed(2), "M/s", r.best, r.score);
}
