import { SlashCommandSubcommandBuilder } from "discord.js";
import { houseToPit, moveLetter, type Player, parseMoveLetter } from "../engine/index.ts";
import { UserError } from "../errors.ts";
import { seatOf } from "../games/snapshot.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import { narration } from "../interactions/views.ts";
import type { Choice, Command } from "./command.ts";
import { changedGame, gameChoices, gameOption, resolveGame } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("move")
  .setDescription("Play a move")
  .addStringOption((o) =>
    o.setName("house").setDescription("House letter (A-F / a-f) or number 1-6").setRequired(true).setAutocomplete(true),
  )
  .addStringOption(gameOption);

/** "C", "c" or "3" -> house 3, checked against the side the player plays. */
export function parseHouse(text: string, seat: Player): number {
  const trimmed = text.trim();
  if (/^[1-6]$/.test(trimmed)) return Number(trimmed);
  const letter = parseMoveLetter(trimmed.slice(0, 1));
  if (!letter) throw new UserError("move/invalid", `"${text}" is not a house: use a letter or a number 1-6.`);
  if (letter.player !== seat) {
    const yours = seat === 0 ? "A-F" : "a-f";
    throw new UserError("move/wrong-side", `${trimmed.slice(0, 1)} is your opponent's house; yours are ${yours}.`);
  }
  return letter.house;
}

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const target = resolveGame(ctx, options.getString("game"));
  const seat = seatOf(target.row, ctx.userId);
  if (seat === null) throw new UserError("game/not-yours", "This is not your game.");
  const game = ctx.app.games.play(target.row.id, ctx.userId, parseHouse(options.getString("house") ?? "", seat), null);
  return changedGame(ctx, game, `Played: ${narration(game)}`);
}

function autocomplete(ctx: HandlerContext, focused: { name: string; value: string }): Promise<Choice[]> | Choice[] {
  if (focused.name === "game") return gameChoices(ctx, focused.value);
  if (!ctx.guildId) return [];
  const choices: Choice[] = [];
  for (const game of ctx.app.games.activeFor(ctx.guildId, ctx.userId)) {
    const seat = seatOf(game.row, ctx.userId);
    if (seat !== game.state.position.toMove) continue;
    for (const house of game.state.legal) {
      const seeds = game.state.position.pits[houseToPit(seat, house)];
      const letter = moveLetter(seat, house);
      choices.push({ name: `${letter} · ${seeds} seeds (game ${game.row.id})`, value: letter });
    }
  }
  return choices.filter((c) => c.value.toLowerCase().startsWith(focused.value.trim().toLowerCase())).slice(0, 25);
}

export const move: Command = { definition, handle, autocomplete };
