import { SlashCommandSubcommandBuilder } from "discord.js";
import { userOf } from "../games/snapshot.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import { changedGame, gameChoices, gameOption, resolveGame } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("draw")
  .setDescription("Offer a draw, or accept your opponent's offer")
  .addStringOption(gameOption);

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const target = resolveGame(ctx, options.getString("game"));
  const result = ctx.app.games.draw(target.row.id, ctx.userId, null);
  if (result.kind === "agreed") return changedGame(ctx, result.game, "Draw agreed.");
  const { row } = result.game;
  const opponent = userOf(row, row.drawOfferBy === 0 ? 1 : 0);
  const changed = changedGame(ctx, result.game, "");
  // The offer is public so the opponent is pinged.
  return {
    ...changed,
    reply: {
      content: `<@${ctx.userId}> offers <@${opponent}> a draw: press the draw button on the board or use /nickar draw to accept.`,
      mentions: [opponent],
    },
  };
}

export const draw: Command = { guards: ["guild"], definition, handle, autocomplete: gameChoices };
