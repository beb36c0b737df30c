import { SlashCommandSubcommandBuilder } from "discord.js";
import { drawPressed } from "../interactions/buttons.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import { localized } from "./localize.ts";
import { gameChoices, gameOption, resolveGame } from "./shared.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:draw.name",
  "commands:draw.description",
).addStringOption(gameOption);

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const target = resolveGame(ctx, options.getString("game"));
  // An offer is a new public message that pings the opponent, with Accept draw / Decline buttons.
  return drawPressed(ctx, ctx.app.games.draw(target.row.id, ctx.userId, null), "command");
}

export const draw: Command = { guards: ["guild"], definition, handle, autocomplete: gameChoices };
