/**
 * The one `interactionCreate` handler: builds the plain context, runs the handler, and turns its
 * plain response into discord.js calls. Expected refusals (UserError) are shown ephemerally;
 * anything else is logged as a bug. Every interaction is acknowledged before slow rendering.
 */
import {
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  MessageFlags,
  PermissionFlagsBits,
  type PrimaryEntryPointCommandInteraction,
  Routes,
} from "discord.js";
import type { Subcommand } from "../commands/command.ts";
import { guardsHold, runCommand } from "../commands/guards.ts";
import { COMMANDS, commandKey, suggestions } from "../commands/index.ts";
import { isBusy, retryWhileBusy } from "../db/client.ts";
import { isUserError, UserError } from "../errors.ts";
import { localeOf } from "../i18n/index.ts";
import { handleButton } from "../interactions/buttons/index.ts";
import type { App, CommandOptions, HandlerContext } from "../interactions/context.ts";
import { parseCustomId } from "../interactions/custom-id.ts";
import { ephemeral, latestEdits, type Notice, type Response, type TokenEdit } from "../interactions/reply.ts";
import { discordTranslator, refusalText, speakingTo } from "../interactions/speech.ts";
import { clip } from "../interactions/text-budget.ts";
import type { Logger } from "../logger.ts";
import { followUpsAllowed, interactionWebhook } from "./interaction-webhook.ts";
import { type Messenger, payload, renderImage, sendPosts } from "./messenger.ts";
import { type NoticeBoard, WEBHOOK_TOKEN_MARGIN_MS, WEBHOOK_TOKEN_MS } from "./notices.ts";

type Acting = ChatInputCommandInteraction | ButtonInteraction;

const english = discordTranslator("en");
/** The answers to a button or command this version of the bot does not know (in English; each user gets theirs). */
export const UNKNOWN_BUTTON = english("notices:router.unknownButton");
export const UNKNOWN_COMMAND = english("notices:router.unknownCommand");
/** A game's ending notice: the outbox holds it (`outboxKey`), and what the ending decided waits for it. */
const ENDINGS = (n: Notice) => n.outboxKey !== undefined;

export interface RouterDeps {
  readonly app: App;
  readonly messenger: Messenger;
  readonly notices: NoticeBoard;
  readonly logger: Logger;
  /** Called after every handled interaction, so the scheduler sees new deadlines. */
  readonly onChange: () => void;
  /** Told the code of every refusal (a UserError's), or "internal" for a bug: for the metrics. */
  readonly onError?: (code: string) => void;
  /** Throws a UserError when the player must wait (the command rate limit); moves never pass here. */
  readonly admit?: (ctx: HandlerContext) => void;
}

/** How long an interaction keeps retrying a locked database before answering "errors:database/busy". */
export const BUSY_GIVE_UP_MS = 12_000;

function contextOf(app: App, interaction: Interaction): HandlerContext {
  return {
    userId: interaction.user.id,
    guildId: interaction.guildId,
    channelId: interaction.channelId ?? "",
    messageId: interaction.isMessageComponent() ? interaction.message.id : null,
    canManageGuild: interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false,
    appPermissions: interaction.appPermissions?.bitfield ?? null,
    ...speakingTo(app, interaction.guildId, interaction.locale, interaction.guildLocale),
    app,
  };
}

type Options = (ChatInputCommandInteraction | AutocompleteInteraction)["options"];

/** The /nickar, /nickar-admin, /nickar-tournament or /nickar-puzzle subcommand asked for, if this version has it. */
function commandOf(commandName: string, options: Options): Subcommand | undefined {
  const subcommand = options.getSubcommand(false);
  if (!subcommand) return undefined;
  return COMMANDS[commandKey(commandName, options.getSubcommandGroup(false), subcommand)];
}

/** The options for a handler; while typing (autocomplete) users and channels are not resolved yet. */
function optionsOf(interaction: ChatInputCommandInteraction | AutocompleteInteraction): CommandOptions {
  const o = interaction.options;
  const resolved = interaction.isChatInputCommand() ? interaction.options : null;
  return {
    getString: (name) => o.getString(name),
    getInteger: (name) => o.getInteger(name),
    getBoolean: (name) => o.getBoolean(name),
    getUser: (name) => resolved?.getUser(name) ?? null,
    getChannel: (name) => resolved?.getChannel(name) ?? null,
    getRole: (name) => resolved?.getRole(name) ?? null,
  };
}

/**
 * How an interaction was acknowledged before its handler succeeded: "reply" (a command, deferred
 * publicly: "Nickar is thinking…"), "update" (a button, deferred without a visible change), or null.
 */
type Early = "reply" | "update" | null;

export function createRouter(deps: RouterDeps): (interaction: Interaction) => Promise<void> {
  const { app, logger } = deps;

  /** Answers with `response`; returns the id of the message it posted or updated. */
  async function answer(interaction: Acting, response: Response, early: Early): Promise<string | null> {
    const { reply } = response;
    if (response.mode === "launch") {
      // Discord takes LAUNCH_ACTIVITY only as the first answer: after an early acknowledgement (a locked
      // database) the Activity cannot open, and the user is told to press again.
      if (early) throw new UserError("database/busy");
      await interaction.launchActivity();
      return null;
    }
    if (response.deferred) {
      // A slow answer (an analysis): acknowledged first, computed, then delivered like any answer.
      if (!early) await interaction.deferReply(reply.ephemeral ? { flags: MessageFlags.Ephemeral } : {});
      const later = await response.deferred().catch((error: unknown) => {
        if (!isUserError(error)) logger.error({ err: error, interaction: interaction.id }, "deferred answer failed");
        const t = discordTranslator(localeOf(interaction.locale));
        return { content: isUserError(error) ? refusalText(t, error) : t("errors:internal") };
      });
      if (early)
        return answer(
          interaction,
          { ...response, deferred: undefined, reply: { ...later, ephemeral: reply.ephemeral } },
          early,
        );
      const { flags: _f, ...body } = payload(later, await renderImage(later, logger));
      return (await interaction.editReply(body)).id;
    }
    if (response.mode === "update" && interaction.isButton()) {
      if (reply.image || early) {
        if (!early) await interaction.deferUpdate();
        const { flags: _f, ...body } = payload(reply, await renderImage(reply, logger));
        await interaction.editReply(body);
      } else {
        const { flags: _f, ...body } = payload(reply, null);
        await interaction.update(body);
      }
      return interaction.message.id;
    }
    if (early === "update") {
      // A button acknowledged early: a new message is a follow-up.
      return (await interaction.followUp(payload(reply, await renderImage(reply, logger)))).id;
    }
    if (early === "reply") {
      // The public "thinking…" message: it becomes the answer, or gives way to a private one.
      if (reply.ephemeral) {
        await interaction.deleteReply();
        return (await interaction.followUp(payload(reply, await renderImage(reply, logger)))).id;
      }
      const { flags: _f, ...body } = payload(reply, await renderImage(reply, logger));
      return (await interaction.editReply(body)).id;
    }
    if (reply.image) {
      await interaction.deferReply(reply.ephemeral ? { flags: MessageFlags.Ephemeral } : {});
      const { flags: _f, ...body } = payload(reply, await renderImage(reply, logger));
      return (await interaction.editReply(body)).id;
    }
    if (response.bind) {
      // The message id comes with the acknowledgement: no second request for it.
      const answered = await interaction.reply({ ...payload(reply, null), withResponse: true });
      return answered.resource?.message?.id ?? null;
    }
    await interaction.reply(payload(reply, null));
    return null;
  }

  /** What follows the answer: binding the message, other messages to edit or post, the notices. */
  async function afterwards(
    interaction: Acting,
    response: Response,
    messageId: string | null,
    early: Early,
  ): Promise<void> {
    if (response.bind && messageId) {
      const { bind } = response;
      const channelId = interaction.channelId;
      // A private answer after an early acknowledgement is a follow-up, named by its id; else it is the original.
      const followedUp = early !== null && response.mode === "reply";
      await whenFree(() => {
        if (bind.kind === "puzzle")
          app.puzzles.showMessage(
            bind.id,
            followedUp ? messageId : "@original",
            interaction.token,
            interaction.createdTimestamp,
          );
        else if (bind.kind === "game") app.games.bindMessage(bind.id, channelId, messageId);
        else if (bind.kind === "analysis") app.analyses.bindMessage(bind.id, channelId, messageId);
        else if (bind.kind === "tournament") app.tournaments.bindMessage(bind.id, messageId);
        else app.challenges.bindMessage(bind.id, messageId);
      });
    }
    const bound =
      response.afterBind && messageId ? response.afterBind({ channelId: interaction.channelId, messageId }) : [];
    for (const edit of latestEdits([...(response.edits ?? []), ...bound]))
      await deps.messenger.edit(edit.ref, edit.reply);
    for (const edit of response.tokenEdits ?? []) await editThroughToken(interaction, edit);
    // A game's ending before what it decided (a series' next game, a round's pairings): players read
    // "… is over" first. The other notices come last (postNotices).
    await postNotices(interaction, response, ENDINGS);
    await sendPosts(app, deps.messenger, response.posts ?? []);
    for (const followUp of response.followUps ?? []) {
      await interaction.followUp(payload(followUp, await renderImage(followUp, logger)));
    }
  }

  /** An earlier interaction's private message edited through its token while the token lives; a refusal is only logged. */
  async function editThroughToken(interaction: Acting, edit: TokenEdit): Promise<void> {
    if (edit.at + WEBHOOK_TOKEN_MS - WEBHOOK_TOKEN_MARGIN_MS <= Date.now()) return;
    const { flags: _f, ...body } = payload(edit.reply, null);
    const route = Routes.webhookMessage(interaction.applicationId, edit.token, edit.ref);
    await interaction.client.rest
      .patch(route, { auth: false, body: { content: body.content, components: body.components ?? [] } })
      .catch((err: unknown) => logger.info({ err }, "could not edit an earlier message through its token"));
  }

  /**
   * The notices after the answer that `which` picks (the others last: a notice waiting for a rate limit must
   * hold nothing else up).
   */
  async function postNotices(interaction: Acting, response: Response, which: (n: Notice) => boolean): Promise<void> {
    const notices = (response.notices ?? []).filter(which);
    if (!notices.length) return;
    const through = followUpsAllowed(interaction) ? interactionWebhook(interaction) : undefined;
    for (const notice of notices) await deps.notices.post(notice, through);
  }

  /** `work` retried while the database is locked (see `retryWhileBusy`); in the end the user is told to retry. */
  async function whenFree<T>(work: () => T | Promise<T>, onBusy?: () => Promise<void>): Promise<T> {
    try {
      return await retryWhileBusy(work, {
        giveUpMs: BUSY_GIVE_UP_MS,
        onBusy: async () => {
          logger.info("database locked by another connection; trying again");
          await onBusy?.();
        },
      });
    } catch (error) {
      if (isBusy(error)) throw new UserError("database/busy");
      throw error;
    }
  }

  /** The handler's response; an interaction this version does not know is answered privately too. */
  async function run(interaction: Acting): Promise<Response> {
    const ctx = contextOf(app, interaction);
    if (interaction.isChatInputCommand()) {
      const command = commandOf(interaction.commandName, interaction.options);
      if (command && command !== COMMANDS.move) deps.admit?.(ctx);
      if (command) return runCommand(command, ctx, optionsOf(interaction));
      logger.warn({ id: interaction.id, command: interaction.commandName }, "command this bot does not know");
      return ephemeral(ctx.t("notices:router.unknownCommand"));
    }
    const id = parseCustomId(interaction.customId);
    if (id && !(id.type === "game" && id.action.kind === "move")) deps.admit?.(ctx);
    if (id) return handleButton(ctx, id);
    logger.warn({ id: interaction.id, customId: interaction.customId }, "button this bot does not know");
    return ephemeral(ctx.t("notices:router.unknownButton"));
  }

  async function autocomplete(interaction: AutocompleteInteraction): Promise<void> {
    const command = commandOf(interaction.commandName, interaction.options);
    const focused = interaction.options.getFocused(true);
    const ctx = contextOf(app, interaction);
    const options = optionsOf(interaction);
    // Suggestions only where the command may run: a refused guard (where, who) suggests nothing.
    const allowed = command ? guardsHold(command, ctx, options) : false;
    const choices = allowed
      ? await suggestions(command, ctx, { name: focused.name, value: String(focused.value) }, options)
      : [];
    await interaction.respond(choices.slice(0, 25).map((c) => ({ name: c.name, value: c.value })));
  }

  /**
   * The App Launcher's entry point (`/launch`, handler APP_HANDLER): the Activity opens, where the player
   * picks among their games in the channel; without the Activity, a private word.
   */
  async function launch(interaction: PrimaryEntryPointCommandInteraction): Promise<void> {
    if (app.activity) {
      await interaction.launchActivity();
      return;
    }
    const t = discordTranslator(localeOf(interaction.locale));
    await interaction.reply({ content: refusalText(t, new UserError("activity/off")), flags: MessageFlags.Ephemeral });
  }

  return async (interaction) => {
    let early: Early = null;
    let answered = false;
    try {
      if (interaction.isAutocomplete()) return await autocomplete(interaction);
      if (interaction.isPrimaryEntryPointCommand()) return await launch(interaction);
      if (!interaction.isChatInputCommand() && !interaction.isButton()) return;
      const acting = interaction;
      // A locked database: acknowledge within Discord's 3 seconds, then keep trying.
      const response = await whenFree(
        () => run(acting),
        async () => {
          if (acting.isButton()) await acting.deferUpdate();
          else await acting.deferReply();
          early = acting.isButton() ? "update" : "reply";
        },
      );
      const messageId = await answer(acting, response, early);
      answered = true;
      await afterwards(acting, response, messageId, early);
      deps.onChange();
      await postNotices(acting, response, (n) => !ENDINGS(n));
      // A tournament game's ending told: the outbox may now post what follows it (the final standings).
      if (response.notices?.some((n) => n.outboxKey)) deps.onChange();
    } catch (error) {
      const known = isUserError(error);
      deps.onError?.(known ? error.code : "internal");
      if (!known)
        logger.error({ err: error, interaction: interaction.id, user: interaction.user.id }, "interaction failed");
      else logger.debug({ code: error.code, user: interaction.user.id }, "refused");
      if (!interaction.isRepliable()) return;
      // Quoted input is kept short, but the refusal must fit Discord's 2000 characters in any case.
      const t = discordTranslator(localeOf(interaction.locale));
      const content = clip(known ? refusalText(t, error) : t("errors:internal"));
      const body = { content, flags: MessageFlags.Ephemeral as const, allowedMentions: { users: [] } };
      try {
        // A public "thinking…" message must not stay behind a private refusal.
        if (early === "reply" && !answered) await interaction.deleteReply();
        if (interaction.replied || interaction.deferred) await interaction.followUp(body);
        else await interaction.reply(body);
      } catch (replyError) {
        logger.warn({ err: replyError }, "could not tell the user about an error");
      }
    }
  };
}
