import { SlashCommandSubcommandBuilder } from "discord.js";
import { challengeInput, challengeResponse } from "../../challenges/commands/challenge-input.ts";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import { firstOption } from "../../commands/options.ts";
import { rulesetOption } from "../../commands/ruleset-option.ts";
import { timeOption } from "../../commands/time-option.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { DEFAULT_FIRST_TO, MAX_FIRST_TO } from "../series-store.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:seriesChallenge.name",
  "commands:seriesChallenge.description",
)
  .addUserOption((o) => localized(o, "commands:option.opponent", "commands:seriesChallenge.opponent").setRequired(true))
  .addStringOption((o) => rulesetOption(o, "commands:shared.ruleset"))
  .addIntegerOption((o) =>
    localized(o, "commands:option.firstTo", "commands:seriesChallenge.firstTo", { wins: DEFAULT_FIRST_TO })
      .setMinValue(1)
      .setMaxValue(MAX_FIRST_TO),
  )
  .addBooleanOption((o) => localized(o, "commands:option.rated", "commands:seriesChallenge.rated"))
  .addStringOption((o) => timeOption(o, "commands:shared.time"))
  .addStringOption((o) => firstOption(o, "commands:seriesChallenge.first"));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const challenge = ctx.app.challenges.create({
    ...challengeInput(ctx, options),
    kind: "series",
    firstTo: options.getInteger("first_to") ?? DEFAULT_FIRST_TO,
  });
  return challengeResponse(ctx, challenge);
}

export const seriesChallenge: Command = { definition, handle };
