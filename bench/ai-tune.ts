/**
 * `npx tsx bench/ai-tune.ts '<weights>' [nodes] [openings] [rulesets]`: a self-play match of the expert
 * with other evaluation weights (B) against its own (A), to tune them (docs/ai.md, "The evaluation").
 * `<weights>` is JSON: {"oware": {...}, "haiti": {...}}, partial EvalWeights merged over the ruleset's own.
 * Each move gets a node budget (default 30,000), so the result does not depend on the machine's load;
 * openings of two random plies (seeded), each played with both colours. Prints B's score per ruleset.
 */
import { type EvalWeights, tunedWeights } from "../src/ai/evaluate.ts";
import { MAX_PLY, Searcher } from "../src/ai/search.ts";
import { CoreGame } from "../src/engine/core.ts";
import { START_POSITION } from "../src/engine/notation.ts";
import { seededRandom } from "../src/engine/random.ts";
import { RULESET_IDS, type RulesetId } from "../src/engine/types.ts";

const variant = JSON.parse(process.argv[2] ?? "{}") as { oware?: Partial<EvalWeights>; haiti?: Partial<EvalWeights> };
const NODES = Number(process.argv[3] ?? 30000);
const OPENINGS = Number(process.argv[4] ?? 4);
const RULESETS = (process.argv[5] ?? RULESET_IDS.join(",")).split(",") as RulesetId[];
/** A game still running after this many plies is scored a draw. */
const MAX_PLIES = 600;

function weights(ruleset: RulesetId, variantSide: boolean): EvalWeights {
  const own = tunedWeights(ruleset);
  if (!variantSide) return own;
  return { ...own, ...(ruleset === "haiti" ? variant.haiti : variant.oware) };
}

function bestMove(game: CoreGame, w: EvalWeights): number {
  const config = { maxDepth: MAX_PLY, tableBits: 20, pvs: true, ordering: true, rootScores: false } as const;
  const searcher = new Searcher(game, { ...config, evaluation: "tuned", weights: w });
  return searcher.run({ deadline: Number.POSITIVE_INFINITY, now: () => 0, nodeLimit: NODES }).best;
}

function opening(ruleset: RulesetId, rand: () => number): number[] {
  for (;;) {
    const game = CoreGame.fromPosition(ruleset, START_POSITION);
    const moves: number[] = [];
    while (moves.length < 2 && !game.over) {
      const legal = game.legalHouses();
      const house = legal[Math.floor(rand() * legal.length)];
      game.play(house);
      moves.push(house);
    }
    if (!game.over) return moves;
  }
}

let points = 0;
let games = 0;
for (const ruleset of RULESETS) {
  const rand = seededRandom(77 + RULESET_IDS.indexOf(ruleset));
  let rulesetPoints = 0;
  let rulesetGames = 0;
  for (let o = 0; o < OPENINGS; o++) {
    const moves = opening(ruleset, rand);
    for (const variantSouth of [true, false]) {
      const game = CoreGame.fromPosition(ruleset, START_POSITION);
      for (const house of moves) game.play(house);
      for (let ply = 0; !game.over && ply < MAX_PLIES; ply++) {
        game.play(bestMove(game, weights(ruleset, (game.toMove === 0) === variantSouth)));
      }
      const variantPlayer = variantSouth ? 0 : 1;
      const p = !game.over || game.winner === null ? 0.5 : game.winner === variantPlayer ? 1 : 0;
      rulesetPoints += p;
      rulesetGames++;
    }
  }
  points += rulesetPoints;
  games += rulesetGames;
  console.log(`${ruleset}: ${rulesetPoints}/${rulesetGames}`);
}
console.log(`variant: ${points}/${games} (${((100 * points) / games).toFixed(1)}%)`);
