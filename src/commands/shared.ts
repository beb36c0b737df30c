/**
 * Helpers shared by the subcommands. Services are only imported as types, so deploying the
 * definitions never opens the database.
 */
import type { SlashCommandStringOption } from "discord.js";
import { updateGame } from "../discord/buttons.ts";
import type { HandlerContext } from "../discord/context.ts";
import type { Response } from "../discord/reply.ts";
import { RULESET_IDS, RULESETS, type RulesetId } from "../engine/index.ts";
import { UserError } from "../errors.ts";
import type { GameSnapshot } from "../games/snapshot.ts";
import { seatOf } from "../games/snapshot.ts";
import { formatTimeLimit, parseTimeLimit, TIME_LIMIT_CHOICES } from "../games/time.ts";
import type { Choice } from "./command.ts";

export function requireGuild(ctx: HandlerContext): string {
  if (!ctx.guildId) throw new UserError("guild/required", "Nickar games are played in a server channel, not in DMs.");
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

export function timeOption(option: SlashCommandStringOption, description: string): SlashCommandStringOption {
  return option
    .setName("time")
    .setDescription(description)
    .addChoices(...TIME_LIMIT_CHOICES.map((t) => ({ name: t, value: t })));
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
  if (!(RULESET_IDS as readonly string[]).includes(text))
    throw new UserError("ruleset/unknown", `Unknown ruleset ${text}.`);
  return text as RulesetId;
}

/** The game a command is about: the `game` option, or the player's only active game. */
export function resolveGame(ctx: HandlerContext, gameId: string | null): GameSnapshot {
  const guildId = requireGuild(ctx);
  if (gameId) {
    const game = ctx.app.games.get(gameId.trim());
    if (!game || game.row.guildId !== guildId)
      throw new UserError("game/not-found", `There is no game ${gameId} here.`);
    return game;
  }
  const active = ctx.app.games.activeFor(guildId, ctx.userId);
  if (active.length === 0) throw new UserError("game/none", "You have no game in progress.");
  if (active.length > 1) {
    throw new UserError("game/which", `You have ${active.length} games in progress: choose one with the game option.`);
  }
  return active[0];
}

/** Suggestions for the `game` option: the player's active games. */
export async function gameChoices(ctx: HandlerContext, typed: string): Promise<Choice[]> {
  if (!ctx.guildId) return [];
  const choices: Choice[] = [];
  for (const game of ctx.app.games.activeFor(ctx.guildId, ctx.userId)) {
    const { row } = game;
    const opponentId = seatOf(row, ctx.userId) === 0 ? row.northId : row.southId;
    const opponent = (await ctx.app.displayName(row.guildId, opponentId)) || opponentId;
    const turn = game.state.position.toMove === seatOf(row, ctx.userId) ? "your move" : "their move";
    const name = `${row.id} · ${RULESETS[game.state.ruleset].name} vs ${opponent} · ${turn} · ${formatTimeLimit(row.timeLimit)}`;
    if (name.toLowerCase().includes(typed.toLowerCase())) choices.push({ name: name.slice(0, 100), value: row.id });
  }
  return choices.slice(0, 25);
}

/** After a slash command changed a game: bring its message up to date and answer privately. */
export function changedGame(ctx: HandlerContext, game: GameSnapshot, note: string): Response {
  const edits = updateGame(ctx, game).edits ?? [];
  return { mode: "reply", reply: { content: note, ephemeral: true }, edits };
}
