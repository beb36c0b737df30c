import { think } from "../src/ai/think.ts";
const mids: Record<string, number[]> = { abapa: [1,1,3,1,4,4,4,3,1,2,1,1,2,1,3,2,6,2,2,4], haiti: [1,1,2,1,1,4,1,1,2,3,1,2,6,2,1,2,6,5,2,4] };
const levels = (process.argv[2] ?? "hard,expert").split(",") as ("expert"|"hard")[];
const ms = Number(process.argv[3] ?? 2000);
for (const l of levels) think({ ruleset: "abapa", moves: [], level: l, ms: 300, seed: 1 });
for (const rs of ["abapa", "haiti", "wari"] as const) for (const moves of [[], mids[rs] ?? mids.abapa]) for (const level of levels) {
  const t = performance.now(); const c0 = process.cpuUsage();
  const r = think({ ruleset: rs, moves, level, ms, seed: 1 });
  const dt = performance.now() - t; const c = process.cpuUsage(c0); const cpu = (c.user + c.system) / 1000;
  console.log(rs.padEnd(6), String(moves.length).padStart(2), level.padEnd(6), "d", r.depth, "n", r.nodes, "best", r.best, "score", r.score, (r.nodes / dt / 1000).toFixed(2), "M/s", (r.nodes / cpu / 1000).toFixed(2), "M/cpu-s");
}
