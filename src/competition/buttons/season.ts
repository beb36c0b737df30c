/** The confirmation of /nickar-admin season new, `s:<current season>:new`: the next season begins, announced in the channel. */

import { type ButtonKind, NUMBER_FIELD } from "../../interactions/buttons/kind.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { requireSeasonAdmin } from "../views/season.ts";

export interface SeasonButtonId {
  readonly type: "season";
  /** The season to end: a second press (or a second admin) cannot start two seasons. */
  readonly season: number;
}

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
  owns: (id): id is SeasonButtonId => id.type === "season",
  format: (id) => `s:${id.season}:new`,
  parse: (fields) =>
    fields.length === 3 && fields[0] === "s" && NUMBER_FIELD.test(fields[1]) && fields[2] === "new"
      ? { type: "season", season: Number(fields[1]) }
      : null,
  handle: (ctx, id) => seasonConfirmed(ctx, id.season),
};
