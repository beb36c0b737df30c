// Turning validated payloads into stored Discord message objects (create and edit), including
// uploaded attachments, `attachment://` references in embeds, mentions and component ids.
import {
  type APIAttachment,
  type APIEmbed,
  type APIMessage,
  type APIUser,
  MessageFlags,
  MessageType,
} from "discord-api-types/v10";
import type { AttachmentStore } from "./attachments.ts";
import type { UploadedFile } from "./http-io.ts";
import { snowflake } from "./snowflake.ts";
import type { Store, StoredMessage } from "./store.ts";

type Json = Record<string, unknown>;

export interface CreateMessageOptions {
  channelId: string;
  author: APIUser;
  type?: MessageType;
  /** Ephemeral messages: the only user who sees them. */
  visibleTo?: string | null;
  /** Flags the server sets itself (Ephemeral, Loading); the body may only set the harmless ones. */
  extraFlags?: number;
  /** Extra fields for interaction responses (interaction_metadata, webhook_id, message_reference...). */
  extra?: Partial<APIMessage>;
}

/** Flags a sender may set on a message; the rest are Discord's to decide. */
const SETTABLE_FLAGS = MessageFlags.SuppressEmbeds | MessageFlags.SuppressNotifications | MessageFlags.IsComponentsV2;

export class MessageService {
  constructor(
    private readonly store: Store,
    private readonly attachments: AttachmentStore,
  ) {}

  create(body: Json, files: UploadedFile[], opts: CreateMessageOptions): StoredMessage {
    const id = snowflake();
    const attachments = this.upload(opts.channelId, body.attachments, files);
    const content = typeof body.content === "string" ? body.content : "";
    const flags = (numberOr(body.flags, 0) & SETTABLE_FLAGS) | (opts.extraFlags ?? 0);
    const replyTo = (opts.extra?.referenced_message as APIMessage | undefined)?.author.id ?? null;
    const { notified, ...mentioned } = this.mentions(content, body.allowed_mentions, opts.author.id, replyTo);
    const message: APIMessage = {
      id,
      type: opts.type ?? MessageType.Default,
      channel_id: opts.channelId,
      // Direct messages belong to no guild.
      ...(this.store.dmRecipient(opts.channelId) ? {} : { guild_id: this.store.guildOfChannel(opts.channelId)?.id }),
      author: opts.author,
      content,
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: false,
      ...mentioned,
      attachments,
      embeds: resolveEmbeds(body.embeds, attachments),
      components: withIds(body.components),
      flags,
      pinned: false,
      ...(typeof body.nonce === "string" || typeof body.nonce === "number" ? { nonce: body.nonce } : {}),
      ...opts.extra,
    } as APIMessage;
    const stored: StoredMessage = { message, visibleTo: opts.visibleTo ?? null };
    this.store.addMessage(stored);
    // Who gets a notification: the allowed mentions, and a DM's recipient; nobody for an ephemeral
    // "thinking..." placeholder or a message sent with SUPPRESS_NOTIFICATIONS (@silent).
    const recipient = this.store.dmRecipient(opts.channelId);
    const pinged = recipient && recipient.id !== opts.author.id ? [recipient.id, ...notified] : notified;
    const silent = (flags & (MessageFlags.SuppressNotifications | MessageFlags.Loading)) !== 0;
    const visible = pinged.filter((id) => stored.visibleTo === null || stored.visibleTo === id);
    this.store.recordPings(stored, silent ? [] : [...new Set(visible)]);
    return stored;
  }

  /** Applies an edit; fields absent from the body stay as they were (Discord's PATCH semantics). */
  edit(
    stored: StoredMessage,
    body: Json,
    files: UploadedFile[],
    opts: { markEdited: boolean; finishLoading?: boolean },
  ) {
    const old = stored.message;
    const next: APIMessage = { ...old };
    if (body.content !== undefined) next.content = typeof body.content === "string" ? body.content : "";
    let attachments = old.attachments;
    if (Array.isArray(body.attachments) || files.length > 0) {
      const keep = Array.isArray(body.attachments)
        ? old.attachments.filter((a) => (body.attachments as Json[]).some((k) => String(k.id) === a.id))
        : old.attachments;
      attachments = [...keep, ...this.upload(old.channel_id, body.attachments, files)];
    }
    next.attachments = attachments;
    if (body.embeds !== undefined) next.embeds = resolveEmbeds(body.embeds, attachments);
    if (body.components !== undefined) next.components = withIds(body.components);
    const keptFlags = (old.flags ?? 0) & ~SETTABLE_FLAGS & ~(opts.finishLoading ? MessageFlags.Loading : 0);
    const bodyFlags = body.flags === undefined || body.flags === null ? (old.flags ?? 0) : numberOr(body.flags, 0);
    next.flags = keptFlags | (bodyFlags & SETTABLE_FLAGS);
    // An edit updates the highlighted mentions but never notifies anyone (as on Discord).
    const { notified: _never, ...mentioned } = this.mentions(next.content, body.allowed_mentions, old.author.id, null);
    Object.assign(next, mentioned);
    if (opts.markEdited) next.edited_timestamp = new Date().toISOString();
    this.store.replaceMessage(stored, next);
    return stored;
  }

  /** Uploads files; `attachments[].id` in the body names the `files[n]` index it describes. */
  private upload(channelId: string, described: unknown, files: UploadedFile[]): APIAttachment[] {
    const meta = Array.isArray(described) ? (described as Json[]) : [];
    return [...files]
      .sort((a, b) => a.index - b.index)
      .map((file) => {
        const m = meta.find((x) => String(x.id) === String(file.index)) ?? {};
        return this.attachments.add(channelId, file, {
          filename: typeof m.filename === "string" ? m.filename : undefined,
          description: typeof m.description === "string" ? m.description : undefined,
        });
      });
  }

  /**
   * The mentions of a message as Discord resolves them: `<@id>`, `<@&role>`, `@everyone`/`@here`, and the
   * author of the message replied to, each only if `allowed_mentions` allows it (no `allowed_mentions`:
   * all of them). `notified` is who gets a notification: those users, the members of the roles and,
   * for @everyone, every member; never the author.
   */
  private mentions(content: string, allowed: unknown, authorId: string, replyTo: string | null) {
    const rules = allowedMentions(allowed);
    const inContent = [...content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1]).filter((id) => this.store.users.has(id));
    const userIds = [...new Set(inContent)].filter((id) => rules.user(id));
    if (replyTo && rules.repliedUser && !userIds.includes(replyTo)) userIds.push(replyTo);
    const roleIds = [...new Set([...content.matchAll(/<@&(\d+)>/g)].map((m) => m[1]))]
      .filter((id) => this.store.findRole(`<@&${id}>`))
      .filter((id) => rules.role(id));
    const everyone = /@(everyone|here)\b/.test(content) && rules.everyone;
    const members = this.store.memberList();
    const notified = new Set<string>(userIds);
    for (const m of members) {
      if (everyone || m.roles.some((r) => roleIds.includes(r))) notified.add(m.user.id);
    }
    notified.delete(authorId);
    return {
      mentions: userIds.map((id) => this.store.users.get(id)!),
      mention_roles: roleIds,
      mention_everyone: everyone,
      notified: [...notified].filter((id) => !this.store.users.get(id)?.bot),
    };
  }
}

/** What `allowed_mentions` lets through (validated beforehand); absent, everything is allowed. */
function allowedMentions(value: unknown) {
  if (value === undefined || value === null || typeof value !== "object") {
    return { user: () => true, role: () => true, everyone: true, repliedUser: true };
  }
  const a = value as Json;
  const parse = Array.isArray(a.parse) ? (a.parse as unknown[]).map(String) : [];
  const users = Array.isArray(a.users) ? (a.users as unknown[]).map(String) : [];
  const roles = Array.isArray(a.roles) ? (a.roles as unknown[]).map(String) : [];
  return {
    user: (id: string) => parse.includes("users") || users.includes(id),
    role: (id: string) => parse.includes("roles") || roles.includes(id),
    everyone: parse.includes("everyone"),
    repliedUser: a.replied_user === true,
  };
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === "number"
    ? value
    : typeof value === "string" && /^\d+$/.test(value)
      ? Number(value)
      : fallback;
}

/** Embeds get `type: "rich"`, and `attachment://name` URLs point at the uploaded file, as on Discord. */
function resolveEmbeds(embeds: unknown, attachments: APIAttachment[]): APIEmbed[] {
  if (!Array.isArray(embeds)) return [];
  const resolve = (media: unknown) => {
    if (!media || typeof media !== "object") return media;
    const m = media as Json;
    const match = typeof m.url === "string" ? /^attachment:\/\/(.+)$/.exec(m.url) : null;
    const file = match ? attachments.find((a) => a.filename === match[1]) : undefined;
    if (!file) return { ...m, proxy_url: m.url };
    return { ...m, url: file.url, proxy_url: file.proxy_url, width: file.width, height: file.height };
  };
  return embeds.map((embed: Json) => ({
    type: "rich",
    ...embed,
    ...(embed.image ? { image: resolve(embed.image) } : {}),
    ...(embed.thumbnail ? { thumbnail: resolve(embed.thumbnail) } : {}),
  })) as APIEmbed[];
}

/** Discord numbers every component of a message (1, 2, ...) when the sender gave no id. */
function withIds(components: unknown): APIMessage["components"] {
  if (!Array.isArray(components)) return [];
  let next = 1;
  const walk = (node: Json): Json => {
    const copy: Json = { ...node, id: typeof node.id === "number" ? node.id : next };
    next = Math.max(next, copy.id as number) + 1;
    if (Array.isArray(node.components)) copy.components = (node.components as Json[]).map(walk);
    if (node.accessory && typeof node.accessory === "object") copy.accessory = walk(node.accessory as Json);
    return copy;
  };
  return components.map(walk) as unknown as APIMessage["components"];
}
