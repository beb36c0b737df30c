import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import { asLevel, firstOption, levelOption } from "../../commands/options.ts";
import { rulesetOption } from "../../commands/ruleset-option.ts";
import { timeOption } from "../../commands/time-option.ts";
import { UserError } from "../../errors.ts";
import { DEFAULT_LEVEL } from "../../games/computer.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { challengeInput, challengeResponse, computerGameResponse } from "./challenge-input.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:challenge.name",
  "commands:challenge.description",
)
  .addUserOption((o) => localized(o, "commands:option.opponent", "commands:challenge.opponent"))
  .addStringOption((o) => rulesetOption(o, "commands:challenge.ruleset"))
  .addStringOption((o) => firstOption(o, "commands:shared.first"))
  .addStringOption((o) => timeOption(o, "commands:shared.time"))
  .addBooleanOption((o) => localized(o, "commands:option.rated", "commands:challenge.rated"))
  .addStringOption((o) => levelOption(o, "commands:challenge.level"));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const input = challengeInput(ctx, options);
  const level = asLevel(options.getString("level"));
  // Challenging Nickar itself: the game starts at once.
  if (input.opponent && ctx.app.computer.is(input.opponent.id)) {
    return computerGameResponse(ctx, input, level ?? DEFAULT_LEVEL);
  }
  if (level) throw new UserError("challenge/level");
  return challengeResponse(ctx, ctx.app.challenges.create(input));
}

export const challenge: Command = { definition, handle };
