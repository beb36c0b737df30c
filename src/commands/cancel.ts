import { SlashCommandSubcommandBuilder } from "discord.js";
import { UserError } from "../errors.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import { changedGame, requireGuild } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("cancel")
  .setDescription("Admin: cancel any game in this server, with no result (Manage Server)")
  .addStringOption((o) => o.setName("game").setDescription("Game id").setRequired(true))
  .addStringOption((o) =>
    o.setName("reason").setDescription("Why, shown on the board").setRequired(true).setMaxLength(200),
  );

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  if (!ctx.canManageGuild)
    throw new UserError("cancel/forbidden", "Cancelling games needs the Manage Server permission.");
  const gameId = (options.getString("game") ?? "").trim();
  const target = ctx.app.games.get(gameId);
  if (!target || target.row.guildId !== guildId)
    throw new UserError("game/not-found", `There is no game ${gameId} here.`);
  const game = ctx.app.games.cancel(gameId, options.getString("reason") ?? "");
  return changedGame(ctx, game, `Game ${gameId} cancelled.`);
}

export const cancel: Command = { definition, handle };
