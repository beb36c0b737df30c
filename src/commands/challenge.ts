import { SlashCommandSubcommandBuilder } from "discord.js";
import { UserError } from "../errors.ts";
import { DEFAULT_LEVEL } from "../games/computer.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import {
  asLevel,
  challengeInput,
  challengeResponse,
  computerGameResponse,
  firstOption,
  levelOption,
  rulesetOption,
  timeOption,
} from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("challenge")
  .setDescription("Challenge someone (or anyone) to a game")
  .addUserOption((o) => o.setName("opponent").setDescription("Who to play; leave empty for an open challenge"))
  .addStringOption((o) => rulesetOption(o, "Ruleset (default: the server's, else Abapa)"))
  .addStringOption((o) => firstOption(o, "Who moves first (default: random)"))
  .addStringOption((o) => timeOption(o, "Time per move (default: the server's)"))
  .addBooleanOption((o) => o.setName("rated").setDescription("Does the game count for ratings? (default: yes)"))
  .addStringOption((o) => levelOption(o, "Nickar's strength, when you challenge @Nickar (default: medium)"));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const input = challengeInput(ctx, options);
  const level = asLevel(options.getString("level"));
  // Challenging Nickar itself: the game starts at once.
  if (input.opponent && ctx.app.computer.is(input.opponent.id)) {
    return computerGameResponse(ctx, input, level ?? DEFAULT_LEVEL);
  }
  if (level) throw new UserError("challenge/level");
  return challengeResponse(ctx.app.challenges.create(input));
}

export const challenge: Command = { guards: ["guild"], definition, handle };
