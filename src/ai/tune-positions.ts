/**
 * The positions the evaluation is fitted on (docs/ai.md, "The evaluation"): self-play games of the
 * expert, each from its own random opening, every position after the opening labelled with the game's
 * result for the player to move. Node-bounded searches and a seeded PRNG: the same options give the same
 * positions on any machine.
 */
import { CoreGame, type RulesetId, START_POSITION, seededRandom } from "../engine/internal.ts";
import { handMadeSearch } from "./search.ts";

export interface SelfPlayOptions {
  readonly seed: number;
  readonly games: number;
  /** Random plies before the searched moves: the games' variety. */
  readonly openingPlies: number;
  /** Nodes of each move's search. */
  readonly nodes: number;
  /**
   * Positions with at most this many seeds on the board are left out: the endgame tables score those
   * (the default table holds boards of up to 10 seeds), not the evaluation.
   */
  readonly tableSeeds: number;
}

/** One sampled position from the player to move's side, and its game's result for that player. */
export interface LabelledPosition {
  /** The player to move's houses 1-6, then the opponent's. */
  readonly own: readonly number[];
  readonly opponent: readonly number[];
  /** Seeds stored by the player to move minus the opponent's. */
  readonly storeDifference: number;
  /** 1 won, 0.5 drawn, 0 lost, for the player to move (or a search's probability: tune-labels.ts). */
  readonly result: number;
  /** Which game (0-based) it comes from: a validation split keeps whole games apart. */
  readonly game: number;
}

/** A game not over after this many plies is scored a draw (long cycles of play in speightstown). */
const MAX_PLIES = 400;

/** The self-play positions of one ruleset: `games` games by the expert's searcher of the previous release. */
export function selfPlayPositions(ruleset: RulesetId, options: SelfPlayOptions): LabelledPosition[] {
  const rand = seededRandom(options.seed * 7907 + ruleset.length * 31 + ruleset.charCodeAt(0));
  const samples: LabelledPosition[] = [];
  for (let g = 0; g < options.games; g++) {
    const game = CoreGame.fromPosition(ruleset, START_POSITION);
    const seen: { own: number[]; opponent: number[]; storeDifference: number; mover: number }[] = [];
    for (let ply = 0; !game.over && ply < MAX_PLIES; ply++) {
      if (ply < options.openingPlies) {
        const legal = game.legalHouses();
        game.play(legal[Math.floor(rand() * legal.length)]);
        continue;
      }
      const me = game.toMove;
      const pits = Array.from(game.pits);
      if (pits.reduce((a, b) => a + b, 0) > options.tableSeeds) {
        seen.push({
          own: pits.slice(me * 6, me * 6 + 6),
          opponent: pits.slice((1 - me) * 6, (1 - me) * 6 + 6),
          storeDifference: game.stores[me] - game.stores[1 - me],
          mover: me,
        });
      }
      game.play(handMadeSearch(game, options.nodes, false).best);
    }
    const winner = game.over ? game.winner : null;
    for (const s of seen) {
      const result = winner === null ? 0.5 : winner === s.mover ? 1 : 0;
      samples.push({ own: s.own, opponent: s.opponent, storeDifference: s.storeDifference, result, game: g });
    }
  }
  return samples;
}
