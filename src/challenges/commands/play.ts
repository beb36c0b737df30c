import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import { asLevel, firstOption, levelOption } from "../../commands/options.ts";
import { rulesetOption } from "../../commands/ruleset-option.ts";
import { timeOption } from "../../commands/time-option.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { challengeInput, computerGameResponse } from "./challenge-input.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:play.name",
  "commands:play.description",
)
  .addStringOption((o) => levelOption(o, "commands:play.level").setRequired(true))
  .addStringOption((o) => rulesetOption(o, "commands:play.ruleset"))
  .addStringOption((o) => timeOption(o, "commands:play.time"))
  .addStringOption((o) => firstOption(o, "commands:shared.first"));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const { computer } = ctx.app;
  const input = challengeInput(ctx, options);
  const opponent = computer.userId === null ? null : { id: computer.userId, bot: true };
  return computerGameResponse(ctx, { ...input, opponent }, asLevel(options.getString("level")) ?? "medium");
}

export const play: Command = { definition, handle };
