import { SlashCommandSubcommandBuilder } from "discord.js";
import { FIRST_CHOICES, type FirstChoice } from "../db/schema.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import { challengeReply } from "../interactions/views.ts";
import { DEFAULT_FIRST_TO, MAX_FIRST_TO } from "../ladders/series-store.ts";
import type { Command } from "./command.ts";
import { asRuleset, parseTime, requireGuild, rulesetNameOption, timeOption } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("challenge")
  .setDescription("Challenge someone to a series: the first to win six games (draws do not count)")
  .addUserOption((o) => o.setName("opponent").setDescription("Who to play").setRequired(true))
  .addStringOption((o) => rulesetNameOption(o, "Ruleset (default: the server's)"))
  .addIntegerOption((o) =>
    o
      .setName("first_to")
      .setDescription(`Wins needed (default: ${DEFAULT_FIRST_TO})`)
      .setMinValue(1)
      .setMaxValue(MAX_FIRST_TO),
  )
  .addBooleanOption((o) => o.setName("rated").setDescription("Does each game count for ratings? (default: yes)"))
  .addStringOption((o) => timeOption(o, "Time per move (default: the server's)"))
  .addStringOption((o) =>
    o
      .setName("first")
      .setDescription("Who is South in game 1 (default: random); then it alternates")
      .addChoices({ name: "me", value: "me" }, { name: "them", value: "them" }, { name: "random", value: "random" }),
  );

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
    kind: "series",
    firstTo: options.getInteger("first_to") ?? DEFAULT_FIRST_TO,
  });
  return { mode: "reply", reply: challengeReply(challenge), bind: { kind: "challenge", id: challenge.id } };
}

export const seriesChallenge: Command = { group: "series", definition, handle };
