import { UserError } from "../../errors.ts";
import type { ButtonKind } from "../../interactions/buttons/kind.ts";

export type { PageNav } from "./leaderboard-id.ts";

import { leaderboardReply } from "../views/leaderboard.ts";
import { type LeaderboardButtonId, leaderboardId } from "./leaderboard-id.ts";

export const leaderboard: ButtonKind<LeaderboardButtonId> = {
  ...leaderboardId,
  handle: (ctx, id) => {
    if (!ctx.guildId) throw new UserError("guild/required-leaderboard");
    const { ruleset, season, page, nav } = id;
    const request = { guildId: ctx.guildId, ruleset, season, page, nav, userId: ctx.userId };
    // The public board is never turned to the presser's page nor marks them: everyone sees it.
    if (nav === "me") return { mode: "reply", reply: leaderboardReply(ctx.app, request, ctx.t) };
    return { mode: "update", reply: leaderboardReply(ctx.app, request, ctx.tServer) };
  },
};
