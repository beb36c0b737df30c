/**
 * The options that name a game: `game` (one of your games, suggested from your active games; without it,
 * your only active game) and the options that name any game of the server (`id` of game and export, `game`
 * of void and cancel); how a subcommand finds the game they name, and the PLAYER guard on it.
 */
import type { SlashCommandStringOption } from "discord.js";
import type { Choice, Guard } from "../../commands/command.ts";
import { requireGuild } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import { SHORT_TEXT } from "../../commands/options.ts";
import { rulesetTerm, rulesetText } from "../../commands/ruleset-option.ts";
import { matching, SUGGESTION_LIMIT } from "../../commands/suggest.ts";
import type { GameStatus } from "../../db/schema.ts";
import { opponent } from "../../engine/index.ts";
import { UserError } from "../../errors.ts";
import type { MessageKey } from "../../i18n/index.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import { timeLimitText } from "../../present/time-limit.ts";
import { gameNotFound } from "../service.ts";
import { type GameSnapshot, seatOf, userOf } from "../snapshot.ts";
import { dateText } from "../views/game-viewer.ts";

export function gameOption(option: SlashCommandStringOption): SlashCommandStringOption {
  return localized(option, "commands:option.game", "commands:shared.game")
    .setAutocomplete(true)
    .setMaxLength(SHORT_TEXT);
}

/** The names of the options that name any game: `id` of game and export, `game` of void and cancel. */
const GAME_ID_OPTION = { id: "commands:option.id", game: "commands:option.game" } as const satisfies Record<
  string,
  MessageKey
>;

/** An option naming any game of the server by id, typed or picked. */
export function gameIdOption(name: keyof typeof GAME_ID_OPTION, description: MessageKey) {
  return (option: SlashCommandStringOption): SlashCommandStringOption =>
    localized(option, GAME_ID_OPTION[name], description)
      .setRequired(true)
      .setAutocomplete(true)
      .setMaxLength(SHORT_TEXT);
}

/** The game with this id in the caller's server (the id in any case). */
export function gameHere(ctx: HandlerContext, gameId: string | null): GameSnapshot {
  const guildId = requireGuild(ctx);
  const id = (gameId ?? "").trim();
  const game = id ? ctx.app.games.findTyped(guildId, id) : null;
  if (!game) throw gameNotFound(id);
  return game;
}

/** The game a command is about: the `game` option, or the player's only active game. */
export function resolveGame(ctx: HandlerContext, gameId: string | null): GameSnapshot {
  if (gameId) return gameHere(ctx, gameId);
  const guildId = requireGuild(ctx);
  const active = ctx.app.games.activeFor(guildId, ctx.userId);
  if (active.length === 0) throw new UserError("game/none");
  if (active.length > 1) {
    throw new UserError("game/which", { count: active.length });
  }
  return active[0];
}

/** The game of the `game` option (or the caller's only active game). */
export const gameOfOption = (ctx: HandlerContext, options: CommandOptions): GameSnapshot =>
  resolveGame(ctx, options.getString("game"));

/**
 * The caller plays the game `find` names (by default the `game` option's): the subcommands that act in a
 * game as one of its players (move, resign, draw, takeback, abort). The game service refuses the others
 * too (a button passes no guard): the guard refuses before the handler, with the service's code.
 */
export function playerOf(find: (ctx: HandlerContext, options: CommandOptions) => GameSnapshot = gameOfOption): Guard {
  return {
    name: "player",
    stage: "subject",
    refusal: (ctx, options) =>
      seatOf(find(ctx, options).row, ctx.userId) === null ? new UserError("game/not-yours") : null,
  };
}

/** A player of the game named by the `game` option (or the caller's only active game). */
export const PLAYER = playerOf();

/** A game's state in the suggestions. */
const GAME_STATUS = {
  active: "replies:suggestion.status.active",
  finished: "replies:suggestion.status.finished",
  aborted: "replies:suggestion.status.aborted",
  cancelled: "replies:suggestion.status.cancelled",
} as const satisfies Record<GameStatus, MessageKey>;

/** A game as a suggestion: "k7m2xq9d · Oware Abapa vs bob · your move · 1d" (at most 100 characters). */
function suggestion(id: string, parts: readonly string[]): Choice {
  return { name: [id, ...parts].join(" · ").slice(0, SUGGESTION_LIMIT), value: id };
}

/** Suggestions for the `game` option of the commands that act on your games: your active games, with opponent, ruleset and whose move. */
export async function gameChoices(ctx: HandlerContext, focused: { readonly value: string }): Promise<Choice[]> {
  if (!ctx.guildId) return [];
  // The opponents' names are looked up together: autocomplete has to answer within 3 seconds.
  const choices = await Promise.all(
    ctx.app.games.activeFor(ctx.guildId, ctx.userId).map(async (game) => {
      const { row } = game;
      const seat = seatOf(row, ctx.userId);
      const opponentId = seat === 0 ? row.northId : row.southId;
      const opponent = (await ctx.app.displayName(row.guildId, opponentId)) || opponentId;
      const turn = game.state.position.toMove === seat ? "replies:suggestion.yourMove" : "replies:suggestion.theirMove";
      return suggestion(row.id, [
        ctx.t("replies:suggestion.versus", { ruleset: rulesetTerm(game.state.ruleset), opponent }),
        ctx.t(turn),
        timeLimitText(row.timeLimit, ctx.t, "words"),
      ]);
    }),
  );
  return matching(choices, focused.value);
}

/**
 * Suggestions for an option naming any game (`game id`, `export id`, the admins' `void` and `cancel`):
 * your games first, then the server's recent games, with the players, ruleset, date and state.
 */
export async function anyGameChoices(ctx: HandlerContext, focused: { readonly value: string }): Promise<Choice[]> {
  if (!ctx.guildId) return [];
  const rows = ctx.app.games.recent(ctx.guildId, ctx.userId, 25);
  const ids = [...new Set(rows.flatMap((r) => [r.southId, r.northId]))];
  const names = new Map(
    await Promise.all(ids.map(async (id) => [id, (await ctx.app.displayName(ctx.guildId, id)) || id] as const)),
  );
  const choices = rows.map((row) => {
    const seat = seatOf(row, ctx.userId);
    const players =
      seat === null
        ? ctx.t("replies:suggestion.players", {
            south: names.get(row.southId) ?? "",
            north: names.get(row.northId) ?? "",
          })
        : ctx.t("replies:suggestion.youVersus", { opponent: names.get(userOf(row, opponent(seat))) ?? "" });
    return suggestion(row.id, [
      rulesetText(ctx.t, row.ruleset),
      players,
      dateText(row.finishedAt ?? row.createdAt),
      ctx.t(GAME_STATUS[row.status]),
    ]);
  });
  return matching(choices, focused.value);
}
