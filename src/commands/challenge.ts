import { SlashCommandSubcommandBuilder } from "discord.js";
import { FIRST_CHOICES, type FirstChoice } from "../db/schema.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import { challengeReply } from "../interactions/views.ts";
import type { Command } from "./command.ts";
import { asRuleset, parseTime, requireGuild, rulesetOption, timeOption } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("challenge")
  .setDescription("Challenge someone (or anyone) to a game")
  .addUserOption((o) => o.setName("opponent").setDescription("Who to play; leave empty for an open challenge"))
  .addStringOption((o) => rulesetOption(o, "Ruleset (default: the server's, else Abapa)"))
  .addStringOption((o) =>
    o
      .setName("first")
      .setDescription("Who moves first (default: random)")
      .addChoices({ name: "me", value: "me" }, { name: "them", value: "them" }, { name: "random", value: "random" }),
  )
  .addStringOption((o) => timeOption(o, "Time per move (default: the server's)"))
  .addBooleanOption((o) => o.setName("rated").setDescription("Does the game count for ratings? (default: yes)"));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const first = options.getString("first");
  const challenge = ctx.app.challenges.create({
    guildId,
    channelId: ctx.channelId,
    challengerId: ctx.userId,
    opponent: options.getUser("opponent"),
    ruleset: asRuleset(options.getString("ruleset")),
    first: first && (FIRST_CHOICES as readonly string[]).includes(first) ? (first as FirstChoice) : null,
    timeLimit: parseTime(options.getString("time")),
    rated: options.getBoolean("rated"),
  });
  return { mode: "reply", reply: challengeReply(challenge), bind: { kind: "challenge", id: challenge.id } };
}

export const challenge: Command = { definition, handle };
