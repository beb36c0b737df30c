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
} from "discord.js";
import type { Command } from "../commands/command.ts";
import { guardsHold, runCommand } from "../commands/guards.ts";
import { COMMAND_NAME, COMMANDS, commandKey } from "../commands/index.ts";
import { isUserError } from "../errors.ts";
import { handleButton } from "../interactions/buttons.ts";
import type { App, CommandOptions, HandlerContext } from "../interactions/context.ts";
import { parseCustomId } from "../interactions/custom-id.ts";
import { ephemeral, type Response } from "../interactions/reply.ts";
import type { Logger } from "../logger.ts";
import { type Messenger, payload, renderImage, sendPosts } from "./messenger.ts";

type Acting = ChatInputCommandInteraction | ButtonInteraction;

const SORRY = "Something went wrong on our side; it has been logged.";

/** The answers to a button or command this version of the bot does not know. */
export const UNKNOWN_BUTTON =
  "This button no longer works (it comes from an older version of Nickar). /nickar board shows your game's current board.";
export const UNKNOWN_COMMAND =
  "This command is not available yet: Nickar is probably being updated. Try again in a few minutes.";

export interface RouterDeps {
  readonly app: App;
  readonly messenger: Messenger;
  readonly logger: Logger;
  /** Called after every handled interaction, so the scheduler sees new deadlines. */
  readonly onChange: () => void;
  /** Throws a UserError when the player must wait (the command rate limit); moves never pass here. */
  readonly admit?: (ctx: HandlerContext) => void;
}

function contextOf(app: App, interaction: Interaction): HandlerContext {
  return {
    userId: interaction.user.id,
    guildId: interaction.guildId,
    channelId: interaction.channelId ?? "",
    messageId: interaction.isMessageComponent() ? interaction.message.id : null,
    canManageGuild: interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false,
    app,
  };
}

type Options = (ChatInputCommandInteraction | AutocompleteInteraction)["options"];

/** The /nickar subcommand asked for, if this version has it. */
function commandOf(commandName: string, options: Options): Command | undefined {
  const subcommand = options.getSubcommand(false);
  if (commandName !== COMMAND_NAME || !subcommand) return undefined;
  return COMMANDS[commandKey(options.getSubcommandGroup(false), subcommand)];
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
  };
}

export function createRouter(deps: RouterDeps): (interaction: Interaction) => Promise<void> {
  const { app, logger } = deps;

  async function respond(interaction: Acting, response: Response): Promise<void> {
    const { reply } = response;
    let messageId: string | null = null;
    if (response.deferred) {
      await interaction.deferReply(reply.ephemeral ? { flags: MessageFlags.Ephemeral } : {});
      const later = await response.deferred().catch((error: unknown) => {
        if (!isUserError(error)) logger.error({ err: error, interaction: interaction.id }, "deferred answer failed");
        return { content: isUserError(error) ? error.message : SORRY };
      });
      const { flags: _f, ...body } = payload(later, await renderImage(later, logger));
      messageId = (await interaction.editReply(body)).id;
    } else if (response.mode === "update" && interaction.isButton()) {
      if (reply.image) {
        await interaction.deferUpdate();
        const { flags: _f, ...body } = payload(reply, await renderImage(reply, logger));
        await interaction.editReply(body);
      } else {
        const { flags: _f, ...body } = payload(reply, null);
        await interaction.update(body);
      }
      messageId = interaction.message.id;
    } else if (reply.image) {
      await interaction.deferReply(reply.ephemeral ? { flags: MessageFlags.Ephemeral } : {});
      const { flags: _f, ...body } = payload(reply, await renderImage(reply, logger));
      messageId = (await interaction.editReply(body)).id;
    } else if (response.bind) {
      // The message id comes with the acknowledgement: no second request for it.
      const answered = await interaction.reply({ ...payload(reply, null), withResponse: true });
      messageId = answered.resource?.message?.id ?? null;
    } else {
      await interaction.reply(payload(reply, null));
    }
    if (response.bind && messageId) {
      const channelId = interaction.channelId;
      if (response.bind.kind === "game") app.games.bindMessage(response.bind.id, channelId, messageId);
      else if (response.bind.kind === "analysis") app.analyses.bindMessage(response.bind.id, channelId, messageId);
      else app.challenges.bindMessage(response.bind.id, messageId);
    }
    for (const edit of response.edits ?? []) await deps.messenger.edit(edit.ref, edit.reply);
    await sendPosts(app, deps.messenger, response.posts ?? []);
    for (const followUp of response.followUps ?? []) {
      await interaction.followUp(payload(followUp, await renderImage(followUp, logger)));
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
      return ephemeral(UNKNOWN_COMMAND);
    }
    const id = parseCustomId(interaction.customId);
    if (id && !(id.type === "game" && id.action.kind === "move")) deps.admit?.(ctx);
    if (id) return handleButton(ctx, id);
    logger.warn({ id: interaction.id, customId: interaction.customId }, "button this bot does not know");
    return ephemeral(UNKNOWN_BUTTON);
  }

  async function autocomplete(interaction: AutocompleteInteraction): Promise<void> {
    const command = commandOf(interaction.commandName, interaction.options);
    const focused = interaction.options.getFocused(true);
    const ctx = contextOf(app, interaction);
    // Suggestions only where the command may run: a refused guard suggests nothing.
    const allowed = command ? guardsHold(command, ctx) : false;
    const choices =
      command?.autocomplete && allowed
        ? await command.autocomplete(ctx, { name: focused.name, value: String(focused.value) }, optionsOf(interaction))
        : [];
    await interaction.respond(choices.slice(0, 25).map((c) => ({ name: c.name, value: c.value })));
  }

  return async (interaction) => {
    try {
      if (interaction.isAutocomplete()) return await autocomplete(interaction);
      if (!interaction.isChatInputCommand() && !interaction.isButton()) return;
      await respond(interaction, await run(interaction));
      deps.onChange();
    } catch (error) {
      const known = isUserError(error);
      if (!known)
        logger.error({ err: error, interaction: interaction.id, user: interaction.user.id }, "interaction failed");
      else logger.debug({ code: error.code, user: interaction.user.id }, "refused");
      if (!interaction.isRepliable()) return;
      const content = known ? error.message : SORRY;
      const body = { content, flags: MessageFlags.Ephemeral as const, allowedMentions: { users: [] } };
      try {
        if (interaction.replied || interaction.deferred) await interaction.followUp(body);
        else await interaction.reply(body);
      } catch (replyError) {
        logger.warn({ err: replyError }, "could not tell the user about an error");
      }
    }
  };
}
