import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { forgetQuestion } from "../views/forget.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:forgetMe.name",
  "commands:forgetMe.description",
);

/** Asks first: the buttons of the answer (`fm:<user>:y|n`) do it or not. */
function handle(ctx: HandlerContext): Response {
  return { mode: "reply", reply: forgetQuestion(ctx.userId, ctx.app.forget.preview(ctx.userId), ctx.t) };
}

export const forgetMe: Command = { definition, handle };
