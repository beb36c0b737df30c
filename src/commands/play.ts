import { SlashCommandSubcommandBuilder } from "discord.js";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import {
  asLevel,
  challengeInput,
  computerGameResponse,
  firstOption,
  levelOption,
  rulesetNameOption,
  timeOption,
} from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("play")
  .setDescription("Play Nickar itself (unrated), starting now")
  .addStringOption((o) => levelOption(o, "Its strength").setRequired(true))
  .addStringOption((o) => rulesetNameOption(o, "Ruleset"))
  .addStringOption((o) => timeOption(o, "Your time per move"))
  .addStringOption((o) => firstOption(o, "Who moves first (default: random)"));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const { computer } = ctx.app;
  const input = challengeInput(ctx, options);
  const opponent = computer.userId === null ? null : { id: computer.userId, bot: true };
  return computerGameResponse(ctx, { ...input, opponent }, asLevel(options.getString("level")) ?? "medium");
}

export const play: Command = { guards: ["guild"], definition, handle };
