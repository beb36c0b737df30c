/** The confirmation of /nickar-admin season new, `s:<current season>:new`: the next season begins, announced in the channel. */

import type { ButtonKind } from "../../interactions/buttons/kind.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { requireSeasonAdmin } from "../views/season.ts";
import { type SeasonButtonId, seasonId } from "./season-id.ts";

/** The season after `after` begins, announced in the channel. */
function seasonConfirmed(ctx: HandlerContext, after: number): Response {
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

export const season: ButtonKind<SeasonButtonId> = {
  ...seasonId,
  handle: (ctx, id) => seasonConfirmed(ctx, id.season),
};
