/**
 * Starting a rating season cannot be undone, so /nickar-admin season new asks first; the button
 * carries the season it ends, so a second press (or a second admin) cannot start two seasons.
 */
import { ButtonStyle, ComponentType } from "discord-api-types/v10";
import { UserError } from "../errors.ts";
import type { HandlerContext } from "./context.ts";
import { formatCustomId } from "./custom-id.ts";
import type { Response } from "./reply.ts";

function requireSeasonAdmin(ctx: HandlerContext): string {
  if (!ctx.guildId) throw new UserError("guild/required-season");
  if (!ctx.canManageGuild) throw new UserError("season/forbidden");
  return ctx.guildId;
}

/** The question, privately, with the button that starts the next season. */
export function seasonQuestion(ctx: HandlerContext): Response {
  const guildId = requireSeasonAdmin(ctx);
  const current = ctx.app.ratings.currentSeason(guildId);
  return {
    mode: "reply",
    reply: {
      content: [
        ctx.t("game:season.question", { next: current + 1 }),
        ctx.t("game:season.archive", { season: current }),
      ].join("\n"),
      ephemeral: true,
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.Button,
              custom_id: formatCustomId({ type: "season", season: current }),
              label: ctx.t("game:season.start", { next: current + 1 }),
              style: ButtonStyle.Danger,
            },
          ],
        },
      ],
    },
  };
}

/** The confirmation pressed: the season after `after` begins, announced in the channel. */
export function seasonConfirmed(ctx: HandlerContext, after: number): Response {
  const guildId = requireSeasonAdmin(ctx);
  const season = ctx.app.ratings.newSeason(guildId, after);
  return {
    mode: "update",
    reply: { content: ctx.t("game:season.begun", { season }), components: [] },
    posts: [
      {
        channelId: ctx.channelId,
        reply: {
          content: [
            ctx.tServer("game:season.announce", { season }),
            ctx.tServer("game:season.archived", { season: season - 1 }),
          ].join("\n"),
          mentions: [],
        },
      },
    ],
  };
}
