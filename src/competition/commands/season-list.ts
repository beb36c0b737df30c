import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { requireGuild } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import { dateText } from "../../games/views/game-viewer.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { fitLines } from "../../interactions/text-budget.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:seasonList.name",
  "commands:seasonList.description",
);

function handle(ctx: HandlerContext): Response {
  const guildId = requireGuild(ctx);
  const seasons = ctx.app.ratings.seasons(guildId);
  const lines = seasons.map((s, i) => {
    const from = s.startedAt === null ? ctx.t("replies:season.beginning") : dateText(s.startedAt);
    const next = seasons[i + 1];
    const until = next?.startedAt
      ? ctx.t("replies:season.until", { date: dateText(next.startedAt) })
      : ctx.t("replies:season.current");
    const players = ctx.t("replies:season.players", { count: ctx.app.ratings.playersIn(guildId, s.number) });
    return ctx.t("replies:season.line", { number: s.number, from, until, players });
  });
  // Many seasons do not fit in one message: the latest are kept, the earliest summed up first.
  const earlierText = (count: number) => ctx.t("replies:season.earlier", { count });
  const { shown } = fitLines([...lines].reverse(), earlierText);
  const earlier = lines.length - shown;
  const content = [...(earlier > 0 ? [earlierText(earlier)] : []), ...lines.slice(earlier)].join("\n");
  return { mode: "reply", reply: { content, ephemeral: true } };
}

export const seasonList: Command = { definition, handle };
