// REST: interaction callbacks and the interaction webhook (edit/delete @original, follow-ups).
// These carry no Authorization header; the interaction id and token are the credentials.
import {
  type APIMessage,
  InteractionResponseType as Callback,
  InteractionType,
  MessageFlags,
  MessageType,
} from "discord-api-types/v10";
import type { LocalContext } from "./context.ts";
import {
  alreadyAcknowledged,
  DiscordHttpError,
  FieldErrors,
  invalidWebhookToken,
  unknownInteraction,
  unknownMessage,
  unknownWebhook,
} from "./errors.ts";
import type { UploadedFile } from "./http-io.ts";
import { responseMetadata } from "./interaction-payloads.ts";
import type { InteractionRecord } from "./interactions.ts";
import { FLAGS_ALLOWED, validateAttachmentRefs, validateFlags, validateMessage } from "./message-validate.ts";
import { noContent, ok, type Route, type RouteResult } from "./router.ts";
import { callbackSchema, checkSchema, SCHEMAS } from "./spec-validate.ts";
import type { StoredMessage } from "./store.ts";

type Json = Record<string, unknown>;

/** Which callback types Discord accepts for each kind of interaction. */
const ALLOWED: Partial<Record<InteractionType, Callback[]>> = {
  [InteractionType.ApplicationCommand]: [
    Callback.ChannelMessageWithSource,
    Callback.DeferredChannelMessageWithSource,
    Callback.Modal,
  ],
  [InteractionType.MessageComponent]: [
    Callback.ChannelMessageWithSource,
    Callback.DeferredChannelMessageWithSource,
    Callback.DeferredMessageUpdate,
    Callback.UpdateMessage,
    Callback.Modal,
  ],
  [InteractionType.ApplicationCommandAutocomplete]: [Callback.ApplicationCommandAutocompleteResult],
  [InteractionType.ModalSubmit]: [
    Callback.ChannelMessageWithSource,
    Callback.DeferredChannelMessageWithSource,
    Callback.DeferredMessageUpdate,
    Callback.UpdateMessage,
  ],
};

/**
 * The callback types Discord accepts for this interaction. LAUNCH_ACTIVITY (12) is "only available for
 * apps with Activities enabled"; Discord's table does not say for which interaction types, so it is
 * taken only where a user acted on a command or a component (never on a modal submit, an
 * autocomplete or a ping), and only in a server's channel (the one place an instance is made here).
 */
function allowedCallbacks(ctx: LocalContext, record: InteractionRecord): Callback[] {
  const allowed = ALLOWED[record.type] ?? [];
  const byUser = record.type === InteractionType.ApplicationCommand || record.type === InteractionType.MessageComponent;
  const inGuild = ctx.store.guildOfChannel(record.channelId) !== undefined;
  return ctx.activity.enabled && byUser && inGuild ? [...allowed, Callback.LaunchActivity] : allowed;
}

/** Runs `work` for an interaction, recording any Discord error so the driver can report it. */
function recording(ctx: LocalContext, record: InteractionRecord, work: () => RouteResult): RouteResult {
  try {
    return work();
  } catch (error) {
    if (error instanceof DiscordHttpError) {
      record.errors.push({ status: error.status, ...error.body });
      ctx.interactions.notify(record);
    }
    throw error;
  }
}

/** Whether a message body asks to be ephemeral. */
function asksEphemeral(body: Json): boolean {
  const flags = typeof body.flags === "number" ? body.flags : 0;
  return (flags & MessageFlags.Ephemeral) !== 0;
}

/** A new message answering the interaction (a reply, the "thinking..." placeholder or a follow-up). */
function responseMessage(
  ctx: LocalContext,
  record: InteractionRecord,
  payload: Json,
  files: UploadedFile[],
  opts: { ephemeral: boolean; extraFlags?: number; extra: Partial<APIMessage> },
): StoredMessage {
  return ctx.messages.create(payload, files, {
    channelId: record.channelId,
    author: ctx.store.bot,
    type: record.type === InteractionType.ApplicationCommand ? MessageType.ChatInputCommand : MessageType.Reply,
    visibleTo: opts.ephemeral ? record.userId : null,
    extraFlags: (opts.extraFlags ?? 0) | (opts.ephemeral ? MessageFlags.Ephemeral : 0),
    extra: opts.extra,
  });
}

/** An edit of a message or a follow-up went through: the driver's waiter hears of it. */
function completed(ctx: LocalContext, record: InteractionRecord, stored: StoredMessage): RouteResult {
  record.completions += 1;
  ctx.interactions.touch(record, stored.message.id);
  ctx.interactions.notify(record);
  return ok(stored.message);
}

function acknowledge(
  ctx: LocalContext,
  record: InteractionRecord,
  json: unknown,
  files: UploadedFile[],
  withResponse: boolean,
) {
  const { interactions, store, messages } = ctx;
  if (interactions.tokenExpired(record)) throw unknownInteraction();
  if (record.ack) throw alreadyAcknowledged();
  // Past the 3 s window Discord has already told the user "The application did not respond".
  if (!interactions.canAcknowledge(record)) {
    record.lateCallbacks.push(interactions.now());
    throw unknownInteraction();
  }
  const body = (json ?? {}) as Json;
  const type = body.type as Callback;
  const data = (body.data ?? {}) as Json;
  const allowed = allowedCallbacks(ctx, record);
  if (!allowed.includes(type)) {
    const errors = new FieldErrors();
    errors.add(["type"], "BASE_TYPE_CHOICES", `Value must be one of {${allowed.join(", ")}}.`);
    throw errors.toError();
  }
  checkSchema(callbackSchema(type)!, body);
  const ephemeral = asksEphemeral(data);
  const newMessage = (extraFlags: number, payload: Json, uploads: UploadedFile[]) =>
    responseMessage(ctx, record, payload, uploads, {
      ephemeral,
      extraFlags,
      extra: {
        ...responseMetadata(ctx, record),
        ...(record.sourceMessageId
          ? {
              message_reference: {
                type: 0,
                message_id: record.sourceMessageId,
                channel_id: record.channelId,
                guild_id: store.guildOfChannel(record.channelId)?.id,
              },
            }
          : {}),
      },
    });

  let message: StoredMessage | undefined;
  switch (type) {
    case Callback.ChannelMessageWithSource:
      validateMessage(data, files, {
        creating: true,
        prefix: ["data"],
        limits: ctx.config,
        flags: FLAGS_ALLOWED.interactionMessage,
      });
      validateAttachmentRefs(data, files, [], ["data"]);
      message = newMessage(0, data, files);
      break;
    case Callback.DeferredChannelMessageWithSource:
      validateFlags(data, FLAGS_ALLOWED.deferredReply, ["data"]);
      // The "<bot> is thinking..." placeholder that the first edit or follow-up replaces.
      message = newMessage(MessageFlags.Loading, {}, []);
      record.loading = true;
      break;
    case Callback.DeferredMessageUpdate:
      message = store.getMessage(record.sourceMessageId ?? "");
      break;
    case Callback.UpdateMessage: {
      const source = store.getMessage(record.sourceMessageId ?? "");
      if (!source) throw unknownMessage();
      validateMessage(data, files, {
        creating: false,
        prefix: ["data"],
        limits: ctx.config,
        flags: FLAGS_ALLOWED.edit,
      });
      validateAttachmentRefs(data, files, source.message.attachments, ["data"]);
      message = messages.edit(source, data, files, { markEdited: true });
      break;
    }
    case Callback.ApplicationCommandAutocompleteResult:
      record.choices = validateChoices(data);
      break;
    case Callback.Modal:
      record.modal = validateModal(data);
      break;
    case Callback.LaunchActivity: {
      const guildId = store.guildOfChannel(record.channelId)!.id;
      record.activityInstanceId = ctx.activity.launch(record.userId, record.channelId, guildId).instance_id;
      break;
    }
  }
  record.ack = { type, ephemeral: message ? message.visibleTo !== null : ephemeral };
  record.ackedAt = Date.now();
  record.originalMessageId = message?.message.id ?? null;
  if (message && type !== Callback.DeferredMessageUpdate) interactions.touch(record, message.message.id);
  interactions.notify(record);
  if (!withResponse) return noContent();
  return ok({
    interaction: {
      id: record.id,
      type: record.type,
      ...(record.activityInstanceId ? { activity_instance_id: record.activityInstanceId } : {}),
      ...(message
        ? {
            response_message_id: message.message.id,
            response_message_loading: record.loading,
            response_message_ephemeral: message.visibleTo !== null,
          }
        : {}),
    },
    resource: {
      type,
      ...(message && type !== Callback.DeferredMessageUpdate ? { message: message.message } : {}),
      ...(record.activityInstanceId ? { activity_instance: { id: record.activityInstanceId } } : {}),
    },
  });
}

/**
 * An initial response given in the reply to an HTTP-delivered interaction: the same rules as a
 * callback (an error is recorded for the driver, and thrown).
 */
export function acknowledgeInline(ctx: LocalContext, record: InteractionRecord, response: unknown): void {
  recording(ctx, record, () => acknowledge(ctx, record, response, [], false));
}

function validateChoices(data: Json) {
  const errors = new FieldErrors();
  const choices = Array.isArray(data.choices) ? (data.choices as Json[]) : [];
  if (choices.length > 25) errors.add(["data", "choices"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.");
  choices.forEach((choice, i) => {
    const name = choice.name;
    if (typeof name !== "string" || name.length < 1 || name.length > 100) {
      errors.add(["data", "choices", i, "name"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.");
    }
    if (choice.value === undefined || (typeof choice.value === "string" && choice.value.length > 100)) {
      errors.add(["data", "choices", i, "value"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.");
    }
  });
  if (!errors.empty) throw errors.toError();
  return choices as never;
}

function validateModal(data: Json) {
  const errors = new FieldErrors();
  if (typeof data.custom_id !== "string" || data.custom_id.length < 1 || data.custom_id.length > 100) {
    errors.add(["data", "custom_id"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.");
  }
  if (typeof data.title !== "string" || data.title.length < 1 || data.title.length > 45) {
    errors.add(["data", "title"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length.");
  }
  const components = Array.isArray(data.components) ? data.components : [];
  if (components.length < 1 || components.length > 5) {
    errors.add(["data", "components"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.");
  }
  if (!errors.empty) throw errors.toError();
  return data;
}

/** The interaction behind a webhook token; follow-ups need an acknowledged, unexpired one. */
function webhookRecord(ctx: LocalContext, app: string, token: string): InteractionRecord {
  const record = ctx.interactions.byToken(token);
  if (!record || record.applicationId !== app) throw unknownWebhook();
  if (ctx.interactions.tokenExpired(record)) throw invalidWebhookToken();
  if (!record.ack) throw unknownWebhook();
  return record;
}

/** `@original` or a message this interaction created (or the message its component sits on). */
function webhookTarget(ctx: LocalContext, record: InteractionRecord, ref: string): StoredMessage {
  const id = ref === "@original" ? record.originalMessageId : ref;
  const allowed = ref === "@original" || record.messageIds.includes(ref) || ref === record.sourceMessageId;
  const stored = id && allowed ? ctx.store.getMessage(id) : undefined;
  if (!stored) throw unknownMessage();
  return stored;
}

function followUp(ctx: LocalContext, record: InteractionRecord, json: unknown, files: UploadedFile[]): RouteResult {
  const body = (json ?? {}) as Json;
  checkSchema(SCHEMAS.webhookCreate, body);
  validateMessage(body, files, { creating: true, limits: ctx.config, flags: FLAGS_ALLOWED.interactionMessage });
  validateAttachmentRefs(body, files, []);
  let stored: StoredMessage;
  const original = record.originalMessageId ? ctx.store.getMessage(record.originalMessageId) : undefined;
  if (record.loading && original) {
    // After a deferred reply, the first follow-up replaces the "thinking..." message.
    stored = ctx.messages.edit(original, body, files, { markEdited: false, finishLoading: true });
    record.loading = false;
  } else {
    stored = responseMessage(ctx, record, body, files, {
      ephemeral: asksEphemeral(body),
      extra: responseMetadata(ctx, record, record.originalMessageId ?? undefined),
    });
  }
  // Follow-ups always answer with the message (`wait` is implied for interaction webhooks).
  return completed(ctx, record, stored);
}

function editWebhookMessage(
  ctx: LocalContext,
  record: InteractionRecord,
  ref: string,
  json: unknown,
  files: UploadedFile[],
) {
  const stored = webhookTarget(ctx, record, ref);
  const body = (json ?? {}) as Json;
  checkSchema(SCHEMAS.webhookEdit, body);
  validateMessage(body, files, { creating: false, limits: ctx.config, flags: FLAGS_ALLOWED.edit });
  validateAttachmentRefs(body, files, stored.message.attachments);
  const finishing = record.loading && stored.message.id === record.originalMessageId;
  ctx.messages.edit(stored, body, files, { markEdited: !finishing, finishLoading: finishing });
  if (finishing) record.loading = false;
  return completed(ctx, record, stored);
}

export const interactionRoutes: Route[] = [
  {
    method: "POST",
    pattern: "/interactions/:id/:token/callback",
    auth: false,
    handler: async (ctx, { params, query, body }) => {
      const { json, files } = await body();
      const record = ctx.interactions.get(params.id);
      if (!record || record.token !== params.token) throw unknownInteraction();
      return recording(ctx, record, () => acknowledge(ctx, record, json, files, query.get("with_response") === "true"));
    },
  },
  {
    method: "POST",
    pattern: "/webhooks/:app/:token",
    auth: false,
    handler: async (ctx, { params, body }) => {
      const { json, files } = await body();
      const record = webhookRecord(ctx, params.app, params.token);
      return recording(ctx, record, () => followUp(ctx, record, json, files));
    },
  },
  {
    method: "GET",
    pattern: "/webhooks/:app/:token/messages/:message",
    auth: false,
    handler: (ctx, { params }) => {
      const record = webhookRecord(ctx, params.app, params.token);
      return ok(webhookTarget(ctx, record, params.message).message);
    },
  },
  {
    method: "PATCH",
    pattern: "/webhooks/:app/:token/messages/:message",
    auth: false,
    handler: async (ctx, { params, body }) => {
      const { json, files } = await body();
      const record = webhookRecord(ctx, params.app, params.token);
      return recording(ctx, record, () => editWebhookMessage(ctx, record, params.message, json, files));
    },
  },
  {
    method: "DELETE",
    pattern: "/webhooks/:app/:token/messages/:message",
    auth: false,
    handler: (ctx, { params }) => {
      const record = webhookRecord(ctx, params.app, params.token);
      const stored = webhookTarget(ctx, record, params.message);
      ctx.store.deleteMessage(stored.message.id);
      record.loading = record.loading && stored.message.id !== record.originalMessageId;
      record.completions += 1;
      ctx.interactions.notify(record);
      return noContent();
    },
  },
];
