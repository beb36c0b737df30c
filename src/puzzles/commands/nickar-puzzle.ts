/** The /nickar-puzzle table: its subcommands in the order Discord shows them, each in a server. */
import type { RootTable } from "../../commands/command.ts";
import { PUZZLE_COMMAND_NAME } from "../../commands/groups.ts";
import { GUILD } from "../../commands/guards.ts";
import { puzzleSolve } from "./puzzle-solve.ts";
import { puzzleStats } from "./puzzle-stats.ts";
import { puzzleTop } from "./puzzle-top.ts";

export const nickarPuzzle: RootTable = {
  name: PUZZLE_COMMAND_NAME,
  guards: [GUILD],
  subcommands: [{ command: puzzleSolve }, { command: puzzleStats }, { command: puzzleTop }],
};
