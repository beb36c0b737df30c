/**
 * The command table: the four root commands' tables (/nickar and /nickar-admin in roots/, /nickar-tournament
 * and /nickar-puzzle in their features), each subcommand found by its key with its guards, and what
 * deployment registers. Importing this module never opens the database (handlers get services through
 * their context), so deployment can use it.
 */
import {
  ApplicationIntegrationType,
  InteractionContextType,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  SlashCommandBuilder,
  SlashCommandSubcommandGroupBuilder,
} from "discord.js";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import { nickarPuzzle } from "../puzzles/commands/nickar-puzzle.ts";
import { nickarTournament } from "../tournaments/commands/nickar-tournament.ts";
import type { Choice, RootTable, Subcommand, TableEntry, TableGroup } from "./command.ts";
import { COMMAND_NAME, ROOTS } from "./groups.ts";
import { localized } from "./localize.ts";
import { nickar } from "./roots/nickar.ts";
import { nickarAdmin } from "./roots/nickar-admin.ts";
import { rulesetChoices } from "./ruleset-option.ts";
import { timeChoices } from "./time-option.ts";

export { ADMIN_COMMAND_NAME, COMMAND_NAME, PUZZLE_COMMAND_NAME, TOURNAMENT_COMMAND_NAME } from "./groups.ts";

/** Every root command's table, in the order deployment registers them. */
export const TABLES: readonly RootTable[] = [nickar, nickarAdmin, nickarTournament, nickarPuzzle];

/**
 * How a command is looked up: "move", "ladder join" for a subcommand of a group, and with the
 * command's name in front under the other roots ("nickar-admin season new").
 */
export function commandKey(command: string, group: string | null, subcommand: string): string {
  return [command === COMMAND_NAME ? null : command, group, subcommand].filter(Boolean).join(" ");
}

/** The table's line as the router finds it: the table's guards, then the line's own. */
function subcommandOf(table: RootTable, entry: TableEntry, group: TableGroup | null): Subcommand {
  return {
    ...entry.command,
    root: table.name,
    group: group && { name: group.name, texts: group.texts },
    guards: [...(table.guards ?? []), ...(entry.guards ?? [])],
  };
}

/** Every subcommand of the tables, in registration order. */
function subcommandsOf(table: RootTable): Subcommand[] {
  return [
    ...table.subcommands.map((entry) => subcommandOf(table, entry, null)),
    ...(table.groups ?? []).flatMap((group) => group.subcommands.map((entry) => subcommandOf(table, entry, group))),
  ];
}

export const COMMANDS: Readonly<Record<string, Subcommand>> = Object.fromEntries(
  TABLES.flatMap(subcommandsOf).map((s) => [commandKey(s.root, s.group?.name ?? null, s.definition.name), s]),
);

function build(table: RootTable): SlashCommandBuilder {
  // The command's own name is Nickar's, the same in every language.
  const builder = localized(new SlashCommandBuilder().setName(table.name), null, ROOTS[table.name])
    // Server channels only (no DMs, no user installs): replaces the deprecated dm_permission.
    .setContexts(InteractionContextType.Guild)
    .setIntegrationTypes(ApplicationIntegrationType.GuildInstall);
  for (const entry of table.subcommands) builder.addSubcommand(entry.command.definition);
  for (const group of table.groups ?? []) {
    const built = localized(new SlashCommandSubcommandGroupBuilder(), group.texts.name, group.texts.description);
    if (built.name !== group.name)
      throw new Error(`group ${group.name} is named ${built.name} in the English catalogue`);
    for (const entry of group.subcommands) built.addSubcommand(entry.command.definition);
    builder.addSubcommandGroup(built);
  }
  return builder;
}

export function nickarCommand(): SlashCommandBuilder {
  return build(nickar);
}

export function adminCommand(): SlashCommandBuilder {
  return build(nickarAdmin).setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild);
}

/** Everything `npm run deploy-commands` (and the playground) registers. */
export function commandDefinitions(): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return [
    nickarCommand().toJSON(),
    adminCommand().toJSON(),
    build(nickarTournament).toJSON(),
    build(nickarPuzzle).toJSON(),
  ];
}

/**
 * Suggestions for the focused option: the options every command shares (ruleset, time) are
 * suggested here; anything else by the command's own `autocomplete`.
 */
export async function suggestions(
  command: Subcommand | undefined,
  ctx: HandlerContext,
  focused: { name: string; value: string },
  options: CommandOptions,
): Promise<Choice[]> {
  if (focused.name === "ruleset") return rulesetChoices(ctx.t, focused.value);
  if (focused.name === "time") return timeChoices(ctx.t, focused.value);
  return command?.autocomplete ? await command.autocomplete(ctx, focused, options) : [];
}
