/**
 * One game of bench:versus: Nickar's player against an external engine (bench/versus-engine.ts), in
 * abapa, from a given opening, kept by Nickar's engine (src/engine), which checks every external move.
 *
 * Where the rules differ (docs/engine.md, "Against another engine"): Aalina ends a game when a position
 * comes back a second time (no capture between), Nickar's rules at the third; both then give each player
 * the seeds on their own side. Aalina refuses to move in a position it holds to be over, so with
 * `repetition: "stop"` the game stops at the second occurrence for both players and is scored as Nickar's
 * rules score a cycle (own sides). With `repetition: "nickar"` the game goes on to Nickar's third
 * occurrence: while the position has occurred before, the engine is given it alone (`position fen`),
 * without the history that would end the game for it. Each engine still searches by its own rule.
 */
import { CoreGame } from "../src/engine/core.ts";
import { formatPosition, moveLetter, parseMoveLetter, START_POSITION } from "../src/engine/notation.ts";
import { seededRandom } from "../src/engine/random.ts";
import { randomOpening } from "./ai-match.ts";
import { EngineFailure, type UciEngine } from "./versus-engine.ts";

/** Nickar's side: the house (1..6) to play after `moves` (the whole game from the start). */
export type NickarPlayer = (moves: readonly number[]) => Promise<number>;

export interface VersusTask {
  /** The plies played before the players take over. */
  readonly opening: readonly number[];
  readonly nickarIsSouth: boolean;
  readonly ms: number;
  /** Where a game ends at a repeated position: "stop" at the second occurrence, "nickar" at the third. */
  readonly repetition?: "stop" | "nickar";
}

/**
 * A game is scored only when it ended by the rules (or the adjudication above); an illegal external move,
 * an engine that stopped answering, or an engine that says the game is over when Nickar's rules disagree
 * is reported, with the position, and not scored.
 */
export type VersusOutcome =
  | {
      readonly kind: "scored";
      /** Nickar's points: 1, 0.5 or 0. */
      readonly points: number;
      /** Nickar's store minus the engine's, after the end-of-game awards. */
      readonly margin: number;
      /** How the game ended: a Nickar engine reason, `second-occurrence` (the adjudication) or `ply-limit`. */
      readonly reason: string;
    }
  | { readonly kind: "illegal" | "failure" | "disagreement"; readonly detail: string };

export type VersusResult = VersusOutcome & {
  readonly task: VersusTask;
  /** The game's moves as letters (opening included). */
  readonly record: string;
  readonly plies: number;
  /** Wall-clock milliseconds each side spent on its moves, and how many moves it made. */
  readonly time: {
    readonly nickar: number;
    readonly engine: number;
    readonly nickarMoves: number;
    readonly engineMoves: number;
  };
};

/** `count` distinct two-ply abapa openings drawn from `seed` (there are 36). */
export function versusOpenings(count: number, seed: number): number[][] {
  const rand = seededRandom(seed * 7919 + 3);
  const seen = new Map<string, number[]>();
  for (let tries = 0; seen.size < Math.min(count, 36) && tries < 10_000; tries++) {
    const opening = randomOpening("abapa", rand);
    seen.set(opening.join(","), opening);
  }
  return [...seen.values()];
}

/** A game still running after this many plies is stopped and scored as a cycle would be (none so far). */
export const MAX_PLIES = 1000;

export async function playVersusGame(task: VersusTask, nickar: NickarPlayer, engine: UciEngine): Promise<VersusResult> {
  const game = CoreGame.fromPosition("abapa", START_POSITION);
  const moves: number[] = [];
  const letters: string[] = [];
  const time = { nickar: 0, engine: 0, nickarMoves: 0, engineMoves: 0 };
  const play = (house: number) => {
    letters.push(moveLetter(game.toMove, house));
    game.play(house);
    moves.push(house);
  };
  for (const house of task.opening) play(house);
  const nickarSide = task.nickarIsSouth ? 0 : 1;
  const done = (outcome: VersusOutcome): VersusResult => ({
    ...outcome,
    task,
    record: letters.join(""),
    plies: moves.length,
    time,
  });
  try {
    await engine.newGame(task.nickarIsSouth ? "north" : "south");
  } catch (error) {
    return done({ kind: "failure", detail: describe(error) });
  }
  let adjudicated: string | null = null;
  while (!game.over && adjudicated === null) {
    if (moves.length >= MAX_PLIES) {
      adjudicated = "ply-limit";
      break;
    }
    if (game.toMove === nickarSide) {
      const started = performance.now();
      const house = await nickar(moves);
      time.nickar += performance.now() - started;
      time.nickarMoves++;
      const why = game.illegalReason(house);
      if (why !== null)
        throw new Error(`Nickar's player chose an illegal move ${house} (${why}) after ${letters.join("")}`);
      play(house);
    } else {
      let answer: Awaited<ReturnType<UciEngine["bestMove"]>>;
      try {
        const alone = task.repetition === "nickar" && game.occurrences() >= 2;
        answer = await engine.bestMove(letters.join(""), task.ms, alone ? formatPosition(game.position()) : undefined);
      } catch (error) {
        return done({ kind: "failure", detail: describe(error) });
      }
      time.engine += answer.ms;
      time.engineMoves++;
      const legal = game.legalHouses().map((house) => moveLetter(game.toMove, house));
      const after = `after ${letters.join("") || "the start"} (${formatPosition(game.position())})`;
      if (answer.word === "0000")
        return done({
          kind: "disagreement",
          detail: `the engine says the game is over ${after}; legal: ${legal.join(" ")}`,
        });
      if (answer.claimedLegal && [...answer.claimedLegal].sort().join(" ") !== [...legal].sort().join(" "))
        return done({
          kind: "disagreement",
          detail: `the engine sees legal moves ${answer.claimedLegal.join(" ")}, Nickar's rules ${legal.join(" ")} ${after}`,
        });
      const parsed = parseMoveLetter(answer.word);
      if (parsed === null || parsed.player !== game.toMove || game.illegalReason(parsed.house) !== null)
        return done({
          kind: "illegal",
          detail: `the engine played ${answer.word} ${after}; legal: ${legal.join(" ")}`,
        });
      play(parsed.house);
    }
    // The rule difference: the second occurrence of a position ends the game for both (see the top).
    if (task.repetition !== "nickar" && !game.over && game.occurrences() >= 2) adjudicated = "second-occurrence";
  }
  if (adjudicated !== null) {
    // Nickar's cycle award: each player takes the seeds on their own side.
    const stores = [game.stores[0] + game.seedsOnSide(0), game.stores[1] + game.seedsOnSide(1)];
    return done(scored(stores, nickarSide, adjudicated));
  }
  return done(scored([game.stores[0], game.stores[1]], nickarSide, game.reason ?? "over"));
}

function scored(stores: readonly number[], nickarSide: number, reason: string): VersusOutcome {
  const margin = stores[nickarSide] - stores[1 - nickarSide];
  return { kind: "scored", points: margin > 0 ? 1 : margin < 0 ? 0 : 0.5, margin, reason };
}

function describe(error: unknown): string {
  if (error instanceof EngineFailure) return error.message;
  throw error;
}
