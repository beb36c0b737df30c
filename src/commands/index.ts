/**
 * The /nickar command: one subcommand per file in this folder. Importing this module never opens
 * the database (handlers get services through their context), so deployment can use it.
 */
import { SlashCommandBuilder } from "discord.js";
import { abort } from "./abort.ts";
import { board } from "./board.ts";
import { cancel } from "./cancel.ts";
import { challenge } from "./challenge.ts";
import type { Command } from "./command.ts";
import { draw } from "./draw.ts";
import { games } from "./games.ts";
import { move } from "./move.ts";
import { resign } from "./resign.ts";
import { rules } from "./rules.ts";
import { settings } from "./settings.ts";

export const COMMAND_NAME = "nickar";

export const COMMANDS: Readonly<Record<string, Command>> = Object.fromEntries(
  [challenge, move, board, resign, draw, abort, games, rules, settings, cancel].map((c) => [c.definition.name, c]),
);

export function nickarCommand(): SlashCommandBuilder {
  const builder = new SlashCommandBuilder()
    .setName(COMMAND_NAME)
    .setDescription("Play Oware-family mancala games")
    .setDMPermission(false);
  for (const command of Object.values(COMMANDS)) builder.addSubcommand(command.definition);
  return builder;
}
