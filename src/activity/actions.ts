/**
 * A page's action, done exactly as the game message's button would do it: the button's id is made (the game,
 * the version the page showed as its ply, the action) and its kind's handler runs it (src/games/buttons: the
 * same service call, the same stale check, the same refusals), with a handler context for the signed-in user
 * and no pressed message. Then what the handler's response asks of Discord is done as the router does it
 * after a press: the game's message edited (a press from elsewhere edits it too), posts sent, a new message
 * (a rematch's challenge) posted and bound, the notices delivered. The page never decides anything.
 */
import { retryWhileBusy } from "../db/client.ts";
import { type Messenger, sendPosts } from "../discord/messenger.ts";
import type { NoticeBoard } from "../discord/notices.ts";
import { handleButton } from "../interactions/buttons/index.ts";
import type { App, HandlerContext } from "../interactions/context.ts";
import type { CustomId } from "../interactions/custom-id.ts";
import { type Edit, latestEdits, type Response } from "../interactions/reply.ts";
import { speakingTo } from "../interactions/speech.ts";
import type { PageAction } from "./core/protocol.ts";

/** What the Activity needs of the Discord side to show a change there. */
export interface DiscordSide {
  readonly messenger: Messenger;
  readonly notices: NoticeBoard;
  /** Told after every action (the scheduler's deadlines, Nickar's turn), as the router tells it. */
  readonly onChange: () => void;
  /** Told of each action under way, so that a shutdown waits for it as for an interaction. */
  readonly track?: (work: Promise<unknown>) => void;
}

/** How long binding a posted message waits out a locked database (as the router's). */
const BIND_WAIT = { giveUpMs: 60_000 } as const;

/** The context of a handler run for `userId` from the page of a game in `channelId` (no message pressed). */
export function pageContext(
  app: App,
  where: { readonly guildId: string; readonly channelId: string },
  userId: string,
  locale: string | null,
): HandlerContext {
  return {
    userId,
    guildId: where.guildId,
    channelId: where.channelId,
    messageId: null,
    canManageGuild: false,
    appPermissions: null,
    ...speakingTo(app, where.guildId, locale, null),
    app,
  };
}

/** The button id a page action stands for. */
export function buttonIdOf(gameId: string, version: number, action: PageAction): CustomId {
  return { type: "game", gameId, ply: version, action } as CustomId;
}

/**
 * Runs the action and shows its response in Discord; returns the short answer meant for the one who
 * acted (a private reply's text), or null. A refusal is thrown as the handler throws it (a UserError).
 */
export async function runAction(
  ctx: HandlerContext,
  discord: DiscordSide,
  gameId: string,
  version: number,
  action: PageAction,
): Promise<string | null> {
  const work = (async () => {
    const response = await retryWhileBusy(() => handleButton(ctx, buttonIdOf(gameId, version, action)), BIND_WAIT);
    try {
      return await show(ctx, discord, response);
    } finally {
      discord.onChange();
    }
  })();
  discord.track?.(work);
  return work;
}

async function show(ctx: HandlerContext, discord: DiscordSide, response: Response): Promise<string | null> {
  const { app } = ctx;
  const { reply } = response;
  const edits: Edit[] = [...(response.edits ?? [])];
  let said: string | null = null;
  if (response.mode === "reply" && !reply.ephemeral) {
    // A new public message (a rematch's challenge or game): posted in the channel, bound as a press's answer is.
    const posted = await discord.messenger.send(ctx.channelId, reply);
    const bind = response.bind;
    if (posted && bind?.kind === "game")
      await retryWhileBusy(() => app.games.bindMessage(bind.id, ctx.channelId, posted), BIND_WAIT);
    if (posted && bind?.kind === "challenge")
      await retryWhileBusy(() => app.challenges.bindMessage(bind.id, posted), BIND_WAIT);
    if (posted && response.afterBind)
      edits.push(...response.afterBind({ channelId: ctx.channelId, messageId: posted }));
  } else if (!reply.image) {
    // A private answer (or the text that would replace a confirmation): for the page to say.
    said = reply.content;
  }
  // With no message pressed, the game's board is among the edits (updateGame edits the game's own message).
  for (const edit of latestEdits(edits)) await discord.messenger.edit(edit.ref, edit.reply);
  await sendPosts(app, discord.messenger, response.posts ?? []);
  for (const notice of response.notices ?? []) await discord.notices.post(notice);
  return said;
}
