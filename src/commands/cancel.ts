import { SlashCommandSubcommandBuilder } from "discord.js";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import { changedGame, gameHere } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("cancel")
  .setDescription("Admin: cancel any game in this server, with no result (Manage Server)")
  .addStringOption((o) => o.setName("game").setDescription("Game id").setRequired(true))
  .addStringOption((o) =>
    o.setName("reason").setDescription("Why, shown on the board").setRequired(true).setMaxLength(200),
  );

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const { row } = gameHere(ctx, options.getString("game"));
  const game = ctx.app.games.cancel(row.id, options.getString("reason") ?? "");
  return changedGame(ctx, game, `Game ${row.id} cancelled.`, true);
}

export const cancel: Command = { guards: ["guild", "manage-server"], definition, handle };
