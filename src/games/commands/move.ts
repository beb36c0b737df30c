import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Choice, Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import { SHORT_TEXT } from "../../commands/options.ts";
import { rulesetText } from "../../commands/ruleset-option.ts";
import { houseToPit, moveLetter, opponent } from "../../engine/index.ts";
import { quoted, UserError } from "../../errors.ts";
import { term } from "../../i18n/index.ts";
import { SEEDS } from "../../i18n/terms.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import type { GameSnapshot } from "../snapshot.ts";
import { seatOf, userOf } from "../snapshot.ts";
import { narration } from "../views/game-board.ts";
import { changedGame } from "./changed-game.ts";
import { gameChoices, gameOption, resolveGame } from "./game-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:move.name",
  "commands:move.description",
)
  .addStringOption((o) =>
    localized(o, "commands:option.house", "commands:move.house")
      .setRequired(true)
      .setMaxLength(SHORT_TEXT)
      .setAutocomplete(true),
  )
  .addStringOption(gameOption);

/** Autocomplete sends `C@<game>`: the house and the game it was suggested for. */
const SUGGESTION = /^([^@]*)@\s*([A-Za-z0-9_-]{1,32})$/;

/**
 * "C", "c" or "3" -> house 3. Letters are read in either case and always mean the mover's own
 * houses (South's C and North's c are both house 3); anything else is refused, not guessed at.
 */
export function parseHouse(text: string): number {
  const trimmed = text.trim();
  if (/^[1-6]$/.test(trimmed)) return Number(trimmed);
  if (/^[A-Fa-f]$/.test(trimmed)) return trimmed.toUpperCase().charCodeAt(0) - 64;
  throw new UserError("move/invalid", { text: quoted(text) });
}

/** The `house` option as typed ("C", "3") or as suggested ("C@<game>"). */
export function parseHouseOption(text: string): { readonly house: number; readonly gameId: string | null } {
  const suggestion = SUGGESTION.exec(text.trim());
  if (!suggestion) return { house: parseHouse(text), gameId: null };
  return { house: parseHouse(suggestion[1]), gameId: suggestion[2] };
}

/** The game a move is for: the `game` option, or the one its suggested house names, or the player's only game. */
export function moveTarget(ctx: HandlerContext, options: CommandOptions): GameSnapshot {
  const { gameId } = parseHouseOption(options.getString("house") ?? "");
  const chosen = options.getString("game")?.trim() || null;
  if (gameId && chosen && gameId.toLowerCase() !== chosen.toLowerCase()) {
    throw new UserError("move/other-game", { suggested: quoted(gameId), chosen: quoted(chosen) });
  }
  return resolveGame(ctx, chosen ?? gameId);
}

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const { house } = parseHouseOption(options.getString("house") ?? "");
  const target = moveTarget(ctx, options);
  const game = ctx.app.games.play(target.row.id, ctx.userId, house, null);
  return changedGame(ctx, game, ctx.t("replies:move.played", { narration: narration(game, ctx.t) ?? "" }), {
    moved: true,
  });
}

/** The player's games narrowed to the `game` option as typed so far (an exact id, else ids starting with it). */
function gamesFor(ctx: HandlerContext, guildId: string, typed: string): GameSnapshot[] {
  const games = ctx.app.games.activeFor(guildId, ctx.userId);
  if (!typed) return games;
  const exact = games.filter((g) => g.row.id.toLowerCase() === typed.toLowerCase());
  return exact.length ? exact : games.filter((g) => g.row.id.toLowerCase().startsWith(typed.toLowerCase()));
}

/**
 * Suggestions for `house`: the legal moves of the player's games where it is their move (the `game`
 * option narrows them to one game), the game whose time runs out first first. Each value carries its
 * game (`C@<game>`), so choosing one plays it in that game.
 */
async function houseChoices(ctx: HandlerContext, typed: string, game: string): Promise<Choice[]> {
  if (!ctx.guildId) return [];
  const guildId = ctx.guildId;
  const [houseTyped, gameTyped = ""] = typed.trim().toLowerCase().split("@");
  const due = (g: GameSnapshot) => g.row.deadlineAt ?? Number.POSITIVE_INFINITY;
  const games = gamesFor(ctx, ctx.guildId, game)
    .filter((g) => seatOf(g.row, ctx.userId) === g.state.position.toMove)
    .filter((g) => g.row.id.toLowerCase().startsWith(gameTyped.trim()))
    .sort((a, b) => due(a) - due(b));
  // Each suggestion names the opponent (looked up together: autocomplete answers within 3 seconds).
  const opponents = await Promise.all(
    games.map(async (g) => {
      const id = userOf(g.row, opponent(g.state.position.toMove));
      return (await ctx.app.displayName(guildId, id)) || ctx.t("replies:move.yourOpponent");
    }),
  );
  const several = games.length > 1;
  const choices: Choice[] = [];
  for (const [i, g] of games.entries()) {
    const seat = g.state.position.toMove;
    for (const house of g.state.legalMoves) {
      const letter = moveLetter(seat, house);
      const wanted = houseTyped.trim();
      if (wanted && wanted !== letter.toLowerCase() && wanted !== String(house)) continue;
      const seeds = g.state.position.pits[houseToPit(seat, house)];
      const where = several ? ` · ${rulesetText(ctx.t, g.state.ruleset)}` : "";
      const name = `${ctx.t("replies:move.suggestion", { letter, seeds: term(SEEDS, { count: seeds }), opponent: opponents[i] })}${where}`;
      choices.push({ name: name.slice(0, 100), value: `${letter}@${g.row.id}` });
    }
  }
  return choices.slice(0, 25);
}

function autocomplete(
  ctx: HandlerContext,
  focused: { name: string; value: string },
  options?: CommandOptions,
): Promise<Choice[]> | Choice[] {
  if (focused.name === "game") return gameChoices(ctx, focused);
  return houseChoices(ctx, focused.value, options?.getString("game")?.trim() ?? "");
}

export const move: Command = { definition, handle, autocomplete };
