/**
 * The /nickar command: one subcommand per file in this folder, some of them in groups
 * (`/nickar ladder join`). Importing this module never opens the database (handlers get services
 * through their context), so deployment can use it.
 */
import { SlashCommandBuilder, SlashCommandSubcommandGroupBuilder } from "discord.js";
import { abort } from "./abort.ts";
import { analyse } from "./analyse.ts";
import { board } from "./board.ts";
import { cancel } from "./cancel.ts";
import { challenge } from "./challenge.ts";
import type { Command } from "./command.ts";
import { draw } from "./draw.ts";
import { exportGame } from "./export.ts";
import { forgetMe } from "./forget-me.ts";
import { game } from "./game.ts";
import { games } from "./games.ts";
import { history } from "./history.ts";
import { ladderChallenge } from "./ladder-challenge.ts";
import { ladderJoin } from "./ladder-join.ts";
import { ladderLeave } from "./ladder-leave.ts";
import { ladderShow } from "./ladder-show.ts";
import { leaderboard } from "./leaderboard.ts";
import { move } from "./move.ts";
import { play } from "./play.ts";
import { resign } from "./resign.ts";
import { rules } from "./rules.ts";
import { seasonList } from "./season-list.ts";
import { seasonNew } from "./season-new.ts";
import { seriesChallenge } from "./series-challenge.ts";
import { seriesResign } from "./series-resign.ts";
import { seriesStandings } from "./series-standings.ts";
import { settings } from "./settings.ts";
import { stats } from "./stats.ts";
import { voidGame } from "./void.ts";

export const COMMAND_NAME = "nickar";

/** Descriptions of the subcommand groups. */
const GROUPS: Readonly<Record<string, string>> = {
  ladder: "The challenge ladder: show, join, leave, challenge",
  series: "First-to-six series: challenge, resign, standings",
  season: "Rating seasons: list, or start a new one",
};

/** How a command is looked up: "move", or "ladder join" for a subcommand of a group. */
export function commandKey(group: string | null, subcommand: string): string {
  return group ? `${group} ${subcommand}` : subcommand;
}

const ALL: readonly Command[] = [
  challenge,
  play,
  move,
  board,
  resign,
  draw,
  abort,
  games,
  rules,
  settings,
  cancel,
  leaderboard,
  stats,
  history,
  game,
  analyse,
  exportGame,
  voidGame,
  ladderShow,
  ladderJoin,
  ladderLeave,
  ladderChallenge,
  seriesChallenge,
  seriesResign,
  seriesStandings,
  seasonNew,
  seasonList,
  forgetMe,
];

export const COMMANDS: Readonly<Record<string, Command>> = Object.fromEntries(
  ALL.map((c) => [commandKey(c.group ?? null, c.definition.name), c]),
);

export function nickarCommand(): SlashCommandBuilder {
  const builder = new SlashCommandBuilder()
    .setName(COMMAND_NAME)
    .setDescription("Play Oware-family mancala games")
    .setDMPermission(false);
  for (const command of ALL.filter((c) => !c.group)) builder.addSubcommand(command.definition);
  for (const [name, description] of Object.entries(GROUPS)) {
    const group = new SlashCommandSubcommandGroupBuilder().setName(name).setDescription(description);
    for (const command of ALL.filter((c) => c.group === name)) group.addSubcommand(command.definition);
    builder.addSubcommandGroup(group);
  }
  return builder;
}
