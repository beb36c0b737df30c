/**
 * The /nickar, /nickar-admin and /nickar-tournament commands: one subcommand per file in this folder, some of them in
 * groups (`/nickar ladder join`). Importing this module never opens the database (handlers get services
 * through their context), so deployment can use it.
 */
import {
  ApplicationIntegrationType,
  InteractionContextType,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  SlashCommandBuilder,
  SlashCommandSubcommandGroupBuilder,
} from "discord.js";
import { challenge } from "../challenges/commands/challenge.ts";
import { play } from "../challenges/commands/play.ts";
import { ladderChallenge } from "../competition/commands/ladder-challenge.ts";
import { ladderJoin } from "../competition/commands/ladder-join.ts";
import { ladderLeave } from "../competition/commands/ladder-leave.ts";
import { ladderShow } from "../competition/commands/ladder-show.ts";
import { leaderboard } from "../competition/commands/leaderboard.ts";
import { rolesList } from "../competition/commands/roles-list.ts";
import { rolesRemove } from "../competition/commands/roles-remove.ts";
import { rolesSet } from "../competition/commands/roles-set.ts";
import { seasonList } from "../competition/commands/season-list.ts";
import { seasonNew } from "../competition/commands/season-new.ts";
import { seriesChallenge } from "../competition/commands/series-challenge.ts";
import { seriesResign } from "../competition/commands/series-resign.ts";
import { seriesStandings } from "../competition/commands/series-standings.ts";
import { stats } from "../competition/commands/stats.ts";
import { forgetMe } from "../forget-me/commands/forget-me.ts";
import { abort } from "../games/commands/abort.ts";
import { analyse } from "../games/commands/analyse.ts";
import { board } from "../games/commands/board.ts";
import { cancel } from "../games/commands/cancel.ts";
import { draw } from "../games/commands/draw.ts";
import { exportGame } from "../games/commands/export.ts";
import { game } from "../games/commands/game.ts";
import { games } from "../games/commands/games.ts";
import { history } from "../games/commands/history.ts";
import { move } from "../games/commands/move.ts";
import { notify } from "../games/commands/notify.ts";
import { resign } from "../games/commands/resign.ts";
import { rules } from "../games/commands/rules.ts";
import { takeback } from "../games/commands/takeback.ts";
import { voidGame } from "../games/commands/void.ts";
import type { MessageKey } from "../i18n/index.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import { puzzleSolve } from "../puzzles/commands/puzzle-solve.ts";
import { puzzleStats } from "../puzzles/commands/puzzle-stats.ts";
import { puzzleTop } from "../puzzles/commands/puzzle-top.ts";
import { tournamentBracket } from "../tournaments/commands/tournament-bracket.ts";
import { tournamentCancel } from "../tournaments/commands/tournament-cancel.ts";
import { tournamentCreate } from "../tournaments/commands/tournament-create.ts";
import { tournamentCrosstable } from "../tournaments/commands/tournament-crosstable.ts";
import { tournamentExport } from "../tournaments/commands/tournament-export.ts";
import { tournamentJoin } from "../tournaments/commands/tournament-join.ts";
import { tournamentLeave } from "../tournaments/commands/tournament-leave.ts";
import { tournamentPause } from "../tournaments/commands/tournament-pause.ts";
import { tournamentRemove } from "../tournaments/commands/tournament-remove.ts";
import { tournamentResume } from "../tournaments/commands/tournament-resume.ts";
import { tournamentStandings } from "../tournaments/commands/tournament-standings.ts";
import { tournamentStart } from "../tournaments/commands/tournament-start.ts";
import type { Choice, Command } from "./command.ts";
import {
  ADMIN_COMMAND_NAME,
  COMMAND_NAME,
  GROUPS,
  PUZZLE_COMMAND_NAME,
  ROOTS,
  type RootCommand,
  TOURNAMENT_COMMAND_NAME,
} from "./groups.ts";
import { rootOf } from "./guards.ts";
import { localized } from "./localize.ts";
import { adminSettings, settings } from "./settings.ts";
import { rulesetChoices, timeChoices } from "./shared.ts";

export { ADMIN_COMMAND_NAME, COMMAND_NAME, PUZZLE_COMMAND_NAME, TOURNAMENT_COMMAND_NAME } from "./groups.ts";
export { rootOf } from "./guards.ts";

/**
 * How a command is looked up: "move", "ladder join" for a subcommand of a group, and with the
 * command's name in front under /nickar-admin ("nickar-admin season new").
 */
export function commandKey(command: string, group: string | null, subcommand: string): string {
  return [command === COMMAND_NAME ? null : command, group, subcommand].filter(Boolean).join(" ");
}

const ALL: readonly Command[] = [
  challenge,
  play,
  move,
  board,
  resign,
  draw,
  takeback,
  abort,
  games,
  notify,
  rules,
  settings,
  leaderboard,
  stats,
  history,
  game,
  analyse,
  exportGame,
  puzzleSolve,
  puzzleStats,
  puzzleTop,
  ladderShow,
  ladderJoin,
  ladderLeave,
  ladderChallenge,
  seriesChallenge,
  seriesResign,
  seriesStandings,
  tournamentCreate,
  tournamentJoin,
  tournamentLeave,
  tournamentStart,
  tournamentStandings,
  tournamentCrosstable,
  tournamentBracket,
  tournamentPause,
  tournamentResume,
  tournamentCancel,
  tournamentRemove,
  tournamentExport,
  cancel,
  voidGame,
  adminSettings,
  seasonNew,
  seasonList,
  rolesSet,
  rolesRemove,
  rolesList,
  forgetMe,
];

export const COMMANDS: Readonly<Record<string, Command>> = Object.fromEntries(
  ALL.map((c) => [commandKey(rootOf(c), c.group ?? null, c.definition.name), c]),
);

function build(name: RootCommand, description: MessageKey = ROOTS[name]): SlashCommandBuilder {
  // The command's own name is Nickar's, the same in every language.
  const builder = localized(new SlashCommandBuilder().setName(name), null, description)
    // Server channels only (no DMs, no user installs): replaces the deprecated dm_permission.
    .setContexts(InteractionContextType.Guild)
    .setIntegrationTypes(ApplicationIntegrationType.GuildInstall);
  const mine = ALL.filter((c) => rootOf(c) === name);
  for (const command of mine.filter((c) => !c.group)) builder.addSubcommand(command.definition);
  for (const [group, text] of Object.entries(GROUPS[name] ?? {})) {
    const built = localized(new SlashCommandSubcommandGroupBuilder(), text.name, text.description);
    if (built.name !== group) throw new Error(`group ${group} is named ${built.name} in the English catalogue`);
    for (const command of mine.filter((c) => c.group === group)) built.addSubcommand(command.definition);
    builder.addSubcommandGroup(built);
  }
  return builder;
}

export function nickarCommand(): SlashCommandBuilder {
  return build(COMMAND_NAME);
}

export function adminCommand(): SlashCommandBuilder {
  return build(ADMIN_COMMAND_NAME).setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild);
}

/** Everything `npm run deploy-commands` (and the playground) registers. */
export function commandDefinitions(): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return [
    nickarCommand().toJSON(),
    adminCommand().toJSON(),
    build(TOURNAMENT_COMMAND_NAME).toJSON(),
    build(PUZZLE_COMMAND_NAME).toJSON(),
  ];
}

/**
 * Suggestions for the focused option: the options every command shares (ruleset, time) are
 * suggested here; anything else by the command's own `autocomplete`.
 */
export async function suggestions(
  command: Command | undefined,
  ctx: HandlerContext,
  focused: { name: string; value: string },
  options: CommandOptions,
): Promise<Choice[]> {
  if (focused.name === "ruleset") return rulesetChoices(ctx.t, focused.value);
  if (focused.name === "time") return timeChoices(ctx.t, focused.value);
  return command?.autocomplete ? await command.autocomplete(ctx, focused, options) : [];
}
