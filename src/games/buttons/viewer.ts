/** The game viewer's steps, `v:<gameId>:<ply>:<f|b|n|l>`: the position after that ply, in the presser's language. */

import type { ButtonKind } from "../../interactions/buttons/kind.ts";

export type { ViewNav } from "./viewer-id.ts";

import { voiceOf } from "../../interactions/views/parts.ts";
import { viewerReply } from "../views/game-viewer.ts";
import { type ViewerButtonId, viewerId } from "./viewer-id.ts";

export const viewer: ButtonKind<ViewerButtonId> = {
  ...viewerId,
  handle: (ctx, id) => {
    const game = ctx.app.games.find(id.gameId, { guildId: ctx.guildId });
    return { mode: "update", reply: viewerReply(ctx.app, game.row, id.ply, voiceOf(ctx.locale)) };
  },
};
