/**
 * Helpers shared by the subcommands. Services are only imported as types, so deploying the
 * definitions never opens the database.
 */
import type { SlashCommandStringOption } from "discord.js";
import {
  type ChallengeRow,
  COMPUTER_LEVELS,
  type ComputerLevel,
  FIRST_CHOICES,
  type FirstChoice,
} from "../db/schema.ts";
import { isRulesetId, RULESET_IDS, RULESETS, type RulesetId } from "../engine/index.ts";
import { UserError } from "../errors.ts";
import type { ChallengeInput } from "../games/challenges.ts";
import type { GameSnapshot } from "../games/snapshot.ts";
import { seatOf } from "../games/snapshot.ts";
import { formatTimeLimit, parseTimeLimit, TIME_LIMIT_CHOICES } from "../games/time.ts";
import { updateGame } from "../interactions/buttons.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import { gameMessage } from "../interactions/game-message.ts";
import type { Response } from "../interactions/reply.ts";
import { challengeReply } from "../interactions/views.ts";
import type { Choice } from "./command.ts";
import { guildRequired, manageServerRequired } from "./guards.ts";

/**
 * The server the command runs in. Commands that need one declare the `guild` guard, which the router
 * checks before the handler; called without the router (a handler test), it refuses the same way.
 */
export function requireGuild(ctx: HandlerContext): string {
  if (!ctx.guildId) throw guildRequired();
  return ctx.guildId;
}

export function rulesetOption(option: SlashCommandStringOption, description: string): SlashCommandStringOption {
  return option
    .setName("ruleset")
    .setDescription(description)
    .addChoices(
      ...RULESET_IDS.map((id) => ({ name: `${RULESETS[id].name}: ${RULESETS[id].summary}`.slice(0, 100), value: id })),
    );
}

/**
 * The ruleset option with names only: Discord counts every name, description and choice of /nickar
 * against one 8000-character budget, so only the challenge and rules commands carry the summaries.
 */
export function rulesetNameOption(option: SlashCommandStringOption, description: string): SlashCommandStringOption {
  return option
    .setName("ruleset")
    .setDescription(description)
    .addChoices(...RULESET_IDS.map((id) => ({ name: RULESETS[id].name, value: id })));
}

/** The `ruleset` option, else the server's default ruleset. */
export function rulesetOrDefault(ctx: HandlerContext, options: CommandOptions): RulesetId {
  return asRuleset(options.getString("ruleset")) ?? ctx.app.settings.get(requireGuild(ctx)).defaultRuleset;
}

/**
 * Manage Server is needed for part of a command (changing settings, as opposed to showing them);
 * a command that needs it whole declares the `manage-server` guard instead. `what` completes
 * "... needs the Manage Server permission".
 */
export function requireAdmin(ctx: HandlerContext, what: string): void {
  if (!ctx.canManageGuild) throw manageServerRequired(what);
}

/** The `season` option checked against the seasons there are; the current season when absent. */
export function seasonNumber(ctx: HandlerContext, season: number | null): number {
  const current = ctx.app.ratings.currentSeason(requireGuild(ctx));
  if (season === null) return current;
  if (season < 1 || season > current) {
    throw new UserError("season/unknown", `There is no season ${season} here: the current season is ${current}.`);
  }
  return season;
}

/** The game with this id in the caller's server. */
export function gameHere(ctx: HandlerContext, gameId: string | null): GameSnapshot {
  const guildId = requireGuild(ctx);
  const id = (gameId ?? "").trim();
  return ctx.app.games.find(id, { guildId });
}

export function timeOption(option: SlashCommandStringOption, description: string): SlashCommandStringOption {
  return option
    .setName("time")
    .setDescription(description)
    .addChoices(...TIME_LIMIT_CHOICES.map((t) => ({ name: t, value: t })));
}

/** The `first` option: who moves first (me, them or random). */
export function firstOption(option: SlashCommandStringOption, description: string): SlashCommandStringOption {
  return option
    .setName("first")
    .setDescription(description)
    .addChoices(...FIRST_CHOICES.map((choice) => ({ name: choice, value: choice })));
}

export function gameOption(option: SlashCommandStringOption): SlashCommandStringOption {
  return option.setName("game").setDescription("Which game, when you have several").setAutocomplete(true);
}

export function parseTime(text: string | null): number | null {
  if (text === null) return null;
  const seconds = parseTimeLimit(text);
  if (seconds === null) {
    throw new UserError("time/invalid", `"${text}" is not a time limit: use e.g. 5m, 1h, 3d (1 minute to 14 days).`);
  }
  return seconds;
}

export function asRuleset(text: string | null): RulesetId | null {
  if (text === null) return null;
  if (!isRulesetId(text)) throw new UserError("ruleset/unknown", `Unknown ruleset ${text}.`);
  return text;
}

/**
 * What a game or series challenge is made of: the caller challenges the `opponent` option (none for
 * an open challenge), with the `ruleset`, `first`, `time` and `rated` options.
 */
export function challengeInput(ctx: HandlerContext, options: CommandOptions): ChallengeInput {
  const first = options.getString("first");
  return {
    guildId: requireGuild(ctx),
    channelId: ctx.channelId,
    challengerId: ctx.userId,
    opponent: options.getUser("opponent"),
    ruleset: asRuleset(options.getString("ruleset")),
    first: first && (FIRST_CHOICES as readonly string[]).includes(first) ? (first as FirstChoice) : null,
    timeLimit: parseTime(options.getString("time")),
    rated: options.getBoolean("rated"),
  };
}

/** The challenge message, bound to the challenge so its buttons find it. */
export function challengeResponse(challenge: ChallengeRow): Response {
  return { mode: "reply", reply: challengeReply(challenge), bind: { kind: "challenge", id: challenge.id } };
}

/** The game a command is about: the `game` option, or the player's only active game. */
export function resolveGame(ctx: HandlerContext, gameId: string | null): GameSnapshot {
  if (gameId) return gameHere(ctx, gameId);
  const guildId = requireGuild(ctx);
  const active = ctx.app.games.activeFor(guildId, ctx.userId);
  if (active.length === 0) throw new UserError("game/none", "You have no game in progress.");
  if (active.length > 1) {
    throw new UserError("game/which", `You have ${active.length} games in progress: choose one with the game option.`);
  }
  return active[0];
}

/** Suggestions for the `game` option (the autocomplete of every command that has it): the player's active games. */
export async function gameChoices(ctx: HandlerContext, focused: { readonly value: string }): Promise<Choice[]> {
  if (!ctx.guildId) return [];
  const typed = focused.value.toLowerCase();
  // The opponents' names are looked up together: autocomplete has to answer within 3 seconds.
  const names = await Promise.all(
    ctx.app.games.activeFor(ctx.guildId, ctx.userId).map(async (game) => {
      const { row } = game;
      const seat = seatOf(row, ctx.userId);
      const opponentId = seat === 0 ? row.northId : row.southId;
      const opponent = (await ctx.app.displayName(row.guildId, opponentId)) || opponentId;
      const turn = game.state.position.toMove === seat ? "your move" : "their move";
      return {
        id: row.id,
        name: `${row.id} · ${RULESETS[game.state.ruleset].name} vs ${opponent} · ${turn} · ${formatTimeLimit(row.timeLimit)}`,
      };
    }),
  );
  return names
    .filter(({ name }) => name.toLowerCase().includes(typed))
    .slice(0, 25)
    .map(({ id, name }) => ({ name: name.slice(0, 100), value: id }));
}

/**
 * After a slash command changed a game: bring its message up to date, tell both players when the
 * command `ended` it (and post a series' next game), and answer privately.
 */
export function changedGame(ctx: HandlerContext, game: GameSnapshot, note: string, ended = false): Response {
  const { edits, posts } = updateGame(ctx, game, undefined, ended);
  return { mode: "reply", reply: { content: note, ephemeral: true }, edits, posts };
}

/** The `level` option: the computer opponent's strength. */
export function levelOption(option: SlashCommandStringOption, description: string): SlashCommandStringOption {
  return option
    .setName("level")
    .setDescription(description)
    .addChoices(...COMPUTER_LEVELS.map((level) => ({ name: level, value: level })));
}

export function asLevel(text: string | null): ComputerLevel | null {
  if (text === null) return null;
  if (!(COMPUTER_LEVELS as readonly string[]).includes(text))
    throw new UserError("level/unknown", `Unknown level ${text}.`);
  return text as ComputerLevel;
}

/**
 * A game against Nickar itself, started at once (no Accept) and unrated; the board is posted as the
 * game's message. If Nickar moves first, it starts thinking once the message is there.
 */
export function computerGameResponse(ctx: HandlerContext, input: ChallengeInput, level: ComputerLevel): Response {
  const { computer } = ctx.app;
  if (!computer.enabled || computer.userId === null) {
    throw new UserError("computer/off", "Nickar's engine is not running here, so it cannot play.");
  }
  const game = ctx.app.challenges.playComputer(input, level, computer.userId);
  const note = input.rated ? "Games against Nickar are unrated." : undefined;
  return { mode: "reply", reply: gameMessage(ctx.app, game, note), bind: { kind: "game", id: game.row.id } };
}
