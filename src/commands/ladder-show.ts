import { SlashCommandSubcommandBuilder } from "discord.js";
import { RULESETS } from "../engine/index.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import { fitContent } from "../interactions/text-budget.ts";
import { formatRating } from "../ladders/standings.ts";
import type { Command } from "./command.ts";
import { requireGuild, rulesetNameOption, rulesetOrDefault } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("show")
  .setDescription("The challenge ladder's rungs")
  .addStringOption((o) => rulesetNameOption(o, "Ruleset (default: the server's)"));

/** Rungs drawn in the image. */
const DRAWN = 20;

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const ruleset = rulesetOrDefault(ctx, options);
  const { app } = ctx;
  const { rungs, dropped } = app.ladders.show({ guildId, ruleset });
  const title = `${RULESETS[ruleset].name} ladder`;
  const dropLine = dropped.length
    ? [
        `Dropped for inactivity: ${dropped
          .slice(0, 10)
          .map((u) => `<@${u}>`)
          .join(", ")}${dropped.length > 10 ? ` and ${dropped.length - 10} more` : ""}`,
      ]
    : [];
  // The text lists as many rungs as fit in a message, the image the first DRAWN.
  const content = fitContent([
    {
      head: [
        `**${title}** · challenge up to 3 rungs above you with /nickar ladder challenge`,
        ...(rungs.length ? [] : ["Nobody is on it yet: /nickar ladder join."]),
      ],
      items: rungs.map((r) => `\`${String(r.rung).padStart(3)}.\` <@${r.userId}>`),
      more: (left) => `…and ${left} more.`,
    },
    { head: dropLine },
  ]);
  const ratings = new Map(app.ratings.leaderboard(guildId, ruleset).entries.map((e) => [e.userId, e]));
  return {
    mode: "reply",
    reply: {
      content,
      mentions: [],
      image: async () => {
        const drawn = await Promise.all(
          rungs.slice(0, DRAWN).map(async (r) => {
            const rating = ratings.get(r.userId);
            return {
              name: (await app.displayName(guildId, r.userId)) || `player ${r.rung}`,
              detail: rating ? formatRating(rating) : "unrated",
            };
          }),
        );
        const more = Math.max(0, rungs.length - DRAWN);
        return { name: `nickar-ladder-${ruleset}.png`, data: await app.images.ladderPng(title, drawn, more) };
      },
    },
  };
}

export const ladderShow: Command = { guards: ["guild"], group: "ladder", definition, handle };
