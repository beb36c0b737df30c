/**
 * Thinking about one request, synchronously: the worker's job (src/ai/worker.ts), also called directly
 * by tests and benchmarks. The levels differ only by the search's configuration and, for easy, by noise.
 */
import {
  CoreGame,
  isRulesetId,
  RULESET_IDS,
  type RulesetId,
  START_POSITION,
  seededRandom,
  validatePosition,
} from "../engine/internal.ts";
import { bookMoves } from "./book.ts";
import { endgameVerdict } from "./endgame-verdict.ts";
import { expertEvaluation, type FittedTerms, OWARE_WEIGHTS, SCALE, tunedWeights } from "./evaluate.ts";
import { gameKey } from "./hash-table.ts";
import { MAX_PLY, type SearchConfig, Searcher, type SearchOutcome, WIN } from "./search.ts";
import {
  defaultBudgetMs,
  isLevel,
  type Level,
  NODES_PER_MS,
  type ThinkRequest,
  type ThinkResult,
  WIN_SCORE,
} from "./types.ts";

const STORES_ONLY = {
  evaluation: "stores",
  weights: OWARE_WEIGHTS,
  pvs: false,
  ordering: false,
  tableBits: 0,
  endgame: false,
} as const;

/** What each level searches with (docs/ai.md, "The levels"). */
const LEVEL_CONFIG: Readonly<Record<Level, SearchConfig>> = {
  // Two plies and noisy root scores (see EASY_NOISE): sees its own captures, often not the reply.
  easy: { ...STORES_ONLY, maxDepth: 2, rootScores: true },
  // A few plies on the store difference.
  medium: { ...STORES_ONLY, maxDepth: 4, rootScores: false },
  // The textbook program: iterative-deepening alpha-beta on the store difference, no table.
  hard: { ...STORES_ONLY, maxDepth: MAX_PLY, rootScores: false },
  expert: {
    maxDepth: MAX_PLY,
    tableBits: 20,
    pvs: true,
    ordering: true,
    evaluation: "tuned",
    weights: OWARE_WEIGHTS,
    rootScores: false,
  },
};

/**
 * The expert's parts that bench:ai plays against each other (docs/benchmarks.md, "AI"): the evaluation
 * (`fitted`, or the previous release's hand-made `tuned` terms), the search (`plain`, or `reduced`: with
 * aspiration windows and late-move reductions) and the hash table (`slots`, or `buckets`, not the
 * expert's). Each omitted part is this release's choice for the ruleset. The endgame tables and the book
 * are chosen apart (installTable, ThinkRequest.book).
 */
export interface ExpertParts {
  readonly evaluation?: "fitted" | "tuned";
  /** With the fitted evaluation: these terms instead of the committed ones (a candidate fit, bench:ai's --eval-a). */
  readonly fittedTerms?: FittedTerms;
  readonly search?: "plain" | "reduced";
  /** The transposition table: one always-replaced entry a slot, or buckets (SearchConfig.buckets). */
  readonly table?: "slots" | "buckets";
  /** Where a repetition ends a line of the search: the rules' third occurrence, or a second inside the search (SearchConfig.twofold). */
  readonly repetition?: "third" | "second";
  /** An iteration cut short by the limits gives its move if one beat the previous best (SearchConfig.cutIterations), or not. */
  readonly iterations?: "cut" | "completed";
  /** A quiescence search of captures at the horizon (SearchConfig.quiescence, QUIESCENCE_PLIES), or none. */
  readonly quiescence?: "captures" | "none";
  /**
   * The hash table of a timed search: kept from the same player's previous search of the game (`game`,
   * hash-table.ts's gameTable), or emptied for each search (`search`). A seeded search always starts empty.
   */
  readonly tableLife?: "game" | "search";
  /** Singular extensions (SearchConfig.singular), or none. */
  readonly extensions?: "singular" | "none";
}

/** The search changes of the `reduced` search (SearchConfig). */
const SEARCH_CHANGES = { aspiration: true, reductions: true } as const;

/**
 * The rulesets whose expert searches `reduced`, all six: in each group bench:ai's sequential test
 * accepted it against the plain search at equal nodes (30,000 a move, tables and fitted evaluation on
 * both sides; H0 0 against H1 +30 Elo at 5% error rates): abapa, wari and caribbean +81 Elo [+40, +124]
 * over 114 game pairs, speightstown and bridgetown +76 [+31, +123] over 98, haiti +42 [+13, +71] over 96
 * (docs/benchmarks.md, "AI"). A set, so that a ruleset can keep the plain search if a later test says so.
 */
const REDUCED_RULESETS: ReadonlySet<RulesetId> = new Set<RulesetId>(RULESET_IDS);

/**
 * The rulesets whose expert ends a line at a repetition inside its search (SearchConfig.twofold): wari and
 * caribbean. bench:ai's sequential test accepted it in abapa, wari and caribbean at 50 ms a move (tables,
 * book, fitted evaluation and reduced search on both sides; H0 0 against H1 +30 Elo at 5% error rates):
 * +47 Elo [+12, +83] over 152 game pairs (abapa +65, wari +69, caribbean +7). At longer times abapa lost
 * it: at 200 ms a move, -34 Elo [-92, +23] over 114 games (no verdict, LLR -1.70); against Aalina at 500 ms,
 * 49.5% over 96 games with it against 57.9% over 95 without (docs/benchmarks.md). Wari and caribbean were
 * not played at longer times; the other three rulesets were not tested.
 */
const TWOFOLD_RULESETS: ReadonlySet<RulesetId> = new Set<RulesetId>(["wari", "caribbean"]);

/**
 * The expert plays a move found in an iteration cut short (SearchConfig.cutIterations), in every ruleset:
 * the move searched first is the last iteration's best, so a move that beats it is better at the deeper
 * depth whatever the ruleset. bench:ai's test at 100 ms a move in abapa (tables, book, fitted evaluation,
 * reduced search on both sides) gave +23 Elo [-12, +59] over 282 games (LLR 0.79, no verdict in 40
 * minutes); kept on that lean and on its soundness (docs/benchmarks.md, "AI").
 */
const EXPERT_ITERATIONS: NonNullable<ExpertParts["iterations"]> = "cut";

/**
 * The rulesets whose expert keeps its hash table between its searches of a game (ExpertParts.tableLife):
 * speightstown, bridgetown and haiti. bench:ai's sequential test accepted it there at 50 ms a move (tables,
 * book, fitted evaluation, reduced search and cut iterations on both sides; H0 0 against H1 +30 Elo at 5%
 * error rates): speightstown and bridgetown +62 Elo [+21, +104] over 148 games, haiti +39 [+7, +73] over
 * 124. In abapa, wari and caribbean it gave +25 [-19, +70] over 154 games (no verdict in 10 minutes), and
 * against Aalina at 500 ms a move the expert with it scored 54.2% over 96 games, without it 59.9% on the
 * same openings (docs/benchmarks.md), so those three start each search empty.
 */
const KEPT_TABLE_RULESETS: ReadonlySet<RulesetId> = new Set<RulesetId>(["speightstown", "bridgetown", "haiti"]);

/** How long the expert's hash table lives in a ruleset (ExpertParts.tableLife). */
export function expertTableLife(ruleset: RulesetId): "game" | "search" {
  return KEPT_TABLE_RULESETS.has(ruleset) ? "game" : "search";
}

/** Whether the expert searches captures at the horizon, and at most how many plies of them. */
const EXPERT_QUIESCENCE: NonNullable<ExpertParts["quiescence"]> = "none";
/**
 * Whether the expert extends singular moves (SearchConfig.singular): not. bench:ai's test in abapa at 50 ms
 * a move gave +14 Elo [-37, +65] over 128 games, no verdict in 10 minutes (docs/benchmarks.md, "AI").
 */
const EXPERT_EXTENSIONS: NonNullable<ExpertParts["extensions"]> = "none";
const QUIESCENCE_PLIES = 4;

/** Where the expert's search ends a line at a repetition in a ruleset (ExpertParts.repetition). */
export function expertRepetition(ruleset: RulesetId): "third" | "second" {
  return TWOFOLD_RULESETS.has(ruleset) ? "second" : "third";
}

/** The expert's search for a ruleset. */
export function expertSearch(ruleset: RulesetId): "plain" | "reduced" {
  return REDUCED_RULESETS.has(ruleset) ? "reduced" : "plain";
}

/** The expert's configuration for a ruleset with the given parts. */
function expertConfig(ruleset: RulesetId, parts: ExpertParts): SearchConfig {
  const evaluation = parts.evaluation ?? expertEvaluation(ruleset);
  return {
    ...LEVEL_CONFIG.expert,
    evaluation,
    weights: tunedWeights(ruleset),
    ...((parts.search ?? expertSearch(ruleset)) === "reduced" ? SEARCH_CHANGES : {}),
    ...(parts.table === "buckets" && { buckets: true }),
    ...((parts.repetition ?? expertRepetition(ruleset)) === "second" && { twofold: true }),
    ...((parts.iterations ?? EXPERT_ITERATIONS) === "cut" && { cutIterations: true }),
    ...((parts.quiescence ?? EXPERT_QUIESCENCE) === "captures" && { quiescence: QUIESCENCE_PLIES }),
    ...((parts.extensions ?? EXPERT_EXTENSIONS) === "singular" && { singular: true }),
    ...(parts.fittedTerms && { fittedTerms: parts.fittedTerms }),
  };
}

/** The easy level's mistakes: each root move's score gets uniform noise of up to this many seeds either way. */
const EASY_NOISE = 4;
/** ...and this often it looks only one ply ahead, missing the opponent's reply. */
const EASY_ONE_PLY = 0.3;

/** The game of a request after its move list, with the repetition history; throws on a bad request. */
export function requestGame(request: ThinkRequest): CoreGame {
  if (!isRulesetId(request.ruleset)) throw new Error(`unknown ruleset ${JSON.stringify(request.ruleset)}`);
  const start = validatePosition(request.ruleset, request.start ?? START_POSITION);
  if (!start.ok) throw new Error(`invalid position: ${start.error.message}`);
  const game = CoreGame.fromPosition(request.ruleset, start.value);
  request.moves.forEach((move, ply) => {
    const why = game.illegalReason(move);
    if (why) throw new Error(`move ${move} at ply ${ply} is illegal (${why})`);
    game.play(move);
  });
  if (game.over) throw new Error("the game is over: there is no move to think about");
  return game;
}

/**
 * A decisive search score that may rest on a repetition's award at its second occurrence (twofold,
 * SearchOutcome.cycleAward) is reported as this many seeds either way: beyond what the evaluation says of
 * a position, yet not a proven result, since Nickar's rules end a game at the third occurrence.
 */
export const AWARDED_SEEDS = 24;

/** A search score in the API's units: seeds, or ±(WIN_SCORE - plies) for a proven result. */
export function apiScore(units: number, cycleAward = false): number {
  if (Math.abs(units) > WIN / 2 && cycleAward) return Math.sign(units) * AWARDED_SEEDS;
  if (Math.abs(units) > WIN / 2) return Math.sign(units) * (WIN_SCORE - (WIN - Math.abs(units)));
  return units / SCALE;
}

/**
 * Thinks about a request on this thread. `stop` (shared memory) set to non-zero stops it early.
 * `now` is the clock of the time budget (tests pass a counting one).
 */
export function think(
  request: ThinkRequest,
  stop?: Int32Array,
  now: () => number = () => performance.now(),
  parts: ExpertParts = {},
): ThinkResult {
  const started = now();
  if (!isLevel(request.level)) throw new Error(`unknown level ${JSON.stringify(request.level)}`);
  const game = requestGame(request);
  const base = LEVEL_CONFIG[request.level];
  const config: SearchConfig = request.level === "expert" ? expertConfig(game.ruleset, parts) : base;
  let ms = request.ms ?? defaultBudgetMs(request.level);
  if (!(ms > 0)) throw new Error(`the time budget must be positive, not ${ms}`);
  // A forced move needs no long thought; the search still gives its score.
  const mask = game.legalMask();
  if ((mask & (mask - 1)) === 0) ms = Math.max(1, ms / 10);
  const seeded = request.seed !== undefined;
  const rand = seededRandom(seeded ? (request.seed as number) : Math.floor(Math.random() * 2 ** 32));
  if (request.book === true && request.level === "expert" && request.start === undefined) {
    const choices = bookMoves(game.ruleset, request.moves);
    if (choices && choices.length > 0) {
      const best = choices[Math.floor(rand() * choices.length)];
      // The book holds only legal moves (tested); checked anyway, as a book move is played unsearched.
      if (mask & (1 << (best - 1))) {
        return {
          best,
          score: 0,
          depth: 0,
          nodes: 0,
          pv: [best],
          ms: Math.round(now() - started),
          proven: false,
          stop: "depth",
          book: true,
        };
      }
    }
  }
  // Before the search, which plays on `game`: a few milliseconds at most (endgame-verdict.ts).
  const verdict = request.level === "expert" && request.verdict === true ? endgameVerdict(game) : null;
  const easyShallow = request.level === "easy" && rand() < EASY_ONE_PLY;
  // A timed expert search of a game goes on from its player's previous one; a seeded one (a node budget)
  // starts empty, so that its answer depends on the request alone.
  const keep = request.level === "expert" && !seeded && (parts.tableLife ?? expertTableLife(game.ruleset)) === "game";
  const continues = keep
    ? {
        key: gameKey(game.ruleset, request.start ? JSON.stringify(request.start) : "start", game.toMove),
        moves: request.moves,
      }
    : undefined;
  const searcher = new Searcher(game, easyShallow ? { ...config, maxDepth: 1 } : config, continues);
  const outcome = searcher.run({
    deadline: seeded ? Number.POSITIVE_INFINITY : started + ms,
    now,
    nodeLimit: seeded ? Math.max(1, ms * NODES_PER_MS) : Number.POSITIVE_INFINITY,
    stop,
  });
  const chosen = request.level === "easy" ? noisyChoice(outcome, rand) : outcome;
  return {
    best: chosen.best,
    score: apiScore(chosen.score, !outcome.exact && outcome.cycleAward),
    depth: outcome.depth,
    nodes: outcome.nodes,
    pv: chosen.pv,
    ms: Math.round(now() - started),
    proven: request.level !== "easy" && outcome.exact,
    stop: outcome.stop,
    tableProbes: outcome.tableProbes,
    tableProofs: outcome.tableProofs,
    ...(verdict && { endgame: verdict }),
  };
}

/** The easy level: the best root move after noise on every score. */
function noisyChoice(outcome: SearchOutcome, rand: () => number): SearchOutcome {
  let best = outcome.best;
  let bestScore = Number.NEGATIVE_INFINITY;
  outcome.rootMoveScores.forEach((score, i) => {
    if (score <= -2 * WIN) return; // not a legal move
    const noisy = score + (rand() * 2 - 1) * EASY_NOISE * SCALE;
    if (noisy > bestScore) {
      bestScore = noisy;
      best = i + 1;
    }
  });
  if (best === outcome.best) return outcome;
  return { ...outcome, best, score: outcome.rootMoveScores[best - 1], pv: [best] };
}
