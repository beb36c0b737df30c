// Discord's limits on message payloads. Violations become 400 / 50035 "Invalid Form Body" with the
// same nested `errors` tree Discord returns, so bugs like a 101-char custom_id fail here, not in prod.
import { ButtonStyle, ComponentType, MessageFlags } from "discord-api-types/v10";
import { emptyMessage, FieldErrors } from "./errors.ts";
import type { UploadedFile } from "./http-io.ts";

export interface MessageLimits {
  maxAttachments: number;
}

const F = MessageFlags;
/**
 * The flags a request may set, per kind of request (Discord refuses the others): a channel message
 * cannot be ephemeral; an interaction reply or follow-up can; an edit can only suppress embeds
 * (ephemerality is decided when a message is created); a deferred reply takes only Ephemeral.
 */
export const FLAGS_ALLOWED = {
  channelMessage: F.SuppressEmbeds | F.SuppressNotifications | F.IsComponentsV2 | F.IsVoiceMessage,
  interactionMessage: F.Ephemeral | F.SuppressEmbeds | F.SuppressNotifications | F.IsComponentsV2,
  edit: F.SuppressEmbeds | F.IsComponentsV2,
  deferredReply: F.Ephemeral,
} as const;

/** Refuses flags outside `allowed` (50035 on `flags`, under `prefix`). */
export function validateFlags(body: Json, allowed: number, prefix: string[] = []): void {
  const flags = typeof body.flags === "number" ? body.flags : 0;
  if ((flags & ~allowed) === 0) return;
  const errors = new FieldErrors();
  errors.add(["flags"], "MESSAGE_FLAGS_INVALID", `Invalid flags: ${flags & ~allowed} cannot be set here.`);
  throw errors.toError(prefix);
}

type Path = Array<string | number>;
type Json = Record<string, unknown>;

const SELECT_TYPES = new Set<number>([
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
]);

const maxLength = (n: number) => ({ code: "BASE_TYPE_MAX_LENGTH", message: `Must be ${n} or fewer in length.` });
const required = { code: "BASE_TYPE_REQUIRED", message: "This field is required" };

/**
 * Checks a message body (create or edit). `creating` also rejects empty messages (50006).
 * Throws the DiscordHttpError to answer with; `prefix` nests errors (callbacks use `data`).
 */
export function validateMessage(
  body: Json,
  files: UploadedFile[],
  opts: { creating: boolean; prefix?: string[]; limits: MessageLimits; flags: number },
): void {
  validateFlags(body, opts.flags, opts.prefix);
  const errors = new FieldErrors();
  const add = (path: Path, e: { code: string; message: string }) => errors.add(path, e.code, e.message);

  if (body.content !== undefined && body.content !== null) {
    if (typeof body.content !== "string")
      add(["content"], { code: "STRING_TYPE_CONVERT", message: "Could not interpret the value as string." });
    else if ([...body.content].length > 2000) add(["content"], maxLength(2000));
  }
  validateEmbeds(body.embeds, add);
  validateAllowedMentions(body.allowed_mentions, add);
  const flags = typeof body.flags === "number" ? body.flags : 0;
  validateComponents(body.components, (flags & MessageFlags.IsComponentsV2) !== 0, add);
  const attachmentCount = Math.max(files.length, Array.isArray(body.attachments) ? body.attachments.length : 0);
  if (attachmentCount > opts.limits.maxAttachments) add(["attachments"], maxLength(opts.limits.maxAttachments));
  // An attachment's description (alt text) is at most 1024 characters.
  if (Array.isArray(body.attachments)) {
    body.attachments.forEach((a, i) => {
      const d = (a as Json | null)?.description;
      if (typeof d === "string" && [...d].length > 1024)
        add(["attachments", String(i), "description"], maxLength(1024));
    });
  }

  if (!errors.empty) throw errors.toError(opts.prefix);
  if (opts.creating && isEmpty(body, files)) throw emptyMessage();
}

function validateAllowedMentions(value: unknown, add: (path: Path, e: { code: string; message: string }) => void) {
  if (value === undefined || value === null) return;
  const a = value as Json;
  const parse = Array.isArray(a.parse) ? (a.parse as unknown[]) : [];
  parse.forEach((p, i) => {
    if (p !== "users" && p !== "roles" && p !== "everyone") {
      add(["allowed_mentions", "parse", i], {
        code: "BASE_TYPE_CHOICES",
        message: "Value must be one of ('roles', 'users', 'everyone').",
      });
    }
  });
  for (const kind of ["users", "roles"] as const) {
    const list = a[kind];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) {
      add(["allowed_mentions", kind], {
        code: "LIST_TYPE_CONVERT",
        message: "Only iterables may be used in a ListType",
      });
      continue;
    }
    if (list.length > 100) add(["allowed_mentions", kind], maxLength(100));
    if (list.length > 0 && parse.includes(kind)) {
      // Discord's answer, on `allowed_mentions` itself.
      add(["allowed_mentions"], {
        code: "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
        message: `parse:["${kind}"] and ${kind}: [ids...] are mutually exclusive.`,
      });
    }
  }
}

/**
 * `attachments` on a create or an edit: each entry names an upload of this request (`files[n]` is
 * id `n`) or, on an edit, an attachment the message already has (the only ones it keeps). An id
 * that is neither is refused, as Discord refuses it.
 */
export function validateAttachmentRefs(
  body: Json,
  files: readonly UploadedFile[],
  existing: readonly { readonly id: string }[],
  prefix: string[] = [],
): void {
  if (!Array.isArray(body.attachments)) return;
  const errors = new FieldErrors();
  (body.attachments as Json[]).forEach((a, i) => {
    const id = String(a?.id);
    if (!existing.some((x) => x.id === id) && !files.some((f) => String(f.index) === id)) {
      errors.add(["attachments", i, "id"], "ATTACHMENT_NOT_FOUND", "Attachment data not found");
    }
  });
  if (!errors.empty) throw errors.toError(prefix);
}

function isEmpty(body: Json, files: UploadedFile[]): boolean {
  const has = (v: unknown) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== null && v !== "");
  return (
    !has(body.content) &&
    !has(body.embeds) &&
    !has(body.components) &&
    !has(body.sticker_ids) &&
    !has(body.poll) &&
    files.length === 0
  );
}

function validateEmbeds(embeds: unknown, add: (path: Path, e: { code: string; message: string }) => void) {
  if (embeds === undefined || embeds === null) return;
  if (!Array.isArray(embeds))
    return add(["embeds"], { code: "LIST_TYPE_CONVERT", message: "Only iterables may be used in a ListType" });
  if (embeds.length > 10) add(["embeds"], maxLength(10));
  let total = 0;
  embeds.forEach((embed: Json, i) => {
    const text = (path: Path, value: unknown, max: number) => {
      if (typeof value !== "string") return;
      total += value.length;
      if (value.length > max) add(["embeds", i, ...path], maxLength(max));
    };
    text(["title"], embed.title, 256);
    text(["description"], embed.description, 4096);
    text(["footer", "text"], (embed.footer as Json | undefined)?.text, 2048);
    text(["author", "name"], (embed.author as Json | undefined)?.name, 256);
    const fields = Array.isArray(embed.fields) ? (embed.fields as Json[]) : [];
    if (fields.length > 25) add(["embeds", i, "fields"], maxLength(25));
    fields.forEach((field, f) => {
      if (field.name === undefined || field.name === "") add(["embeds", i, "fields", f, "name"], required);
      if (field.value === undefined || field.value === "") add(["embeds", i, "fields", f, "value"], required);
      text(["fields", f, "name"], field.name, 256);
      text(["fields", f, "value"], field.value, 1024);
    });
  });
  if (total > 6000)
    add(["embeds"], { code: "MAX_EMBED_SIZE_EXCEEDED", message: "Embed size exceeds maximum size of 6000" });
}

function validateComponents(
  components: unknown,
  v2: boolean,
  add: (path: Path, e: { code: string; message: string }) => void,
) {
  if (components === undefined || components === null) return;
  if (!Array.isArray(components))
    return add(["components"], { code: "LIST_TYPE_CONVERT", message: "Only iterables may be used in a ListType" });
  const customIds = new Set<string>();
  if (!v2) {
    if (components.length > 5) add(["components"], maxLength(5));
    components.forEach((row: Json, r) => {
      if (row?.type !== ComponentType.ActionRow) {
        add(["components", r, "type"], {
          code: "UNION_TYPE_CHOICES",
          message: 'Value of field "type" must be one of (1,).',
        });
        return;
      }
      validateActionRow(row, ["components", r], customIds, add);
    });
    return;
  }
  // Components V2: layouts nest freely; check rows and interactive leaves wherever they are.
  const walk = (node: Json, path: Path): void => {
    if (node?.type === ComponentType.ActionRow) {
      validateActionRow(node, path, customIds, add);
      return;
    }
    if (node?.type === ComponentType.Button || SELECT_TYPES.has(node?.type as number))
      validateLeaf(node, path, customIds, add);
    if (Array.isArray(node?.components)) {
      for (const [i, c] of (node.components as Json[]).entries()) walk(c, [...path, "components", i]);
    }
    if (node?.accessory) walk(node.accessory as Json, [...path, "accessory"]);
  };
  components.forEach((c: Json, i) => {
    walk(c, ["components", i]);
  });
}

function validateActionRow(
  row: Json,
  path: Path,
  customIds: Set<string>,
  add: (path: Path, e: { code: string; message: string }) => void,
) {
  const children = Array.isArray(row.components) ? (row.components as Json[]) : [];
  if (children.length < 1 || children.length > 5) {
    add([...path, "components"], { code: "BASE_TYPE_BAD_LENGTH", message: "Must be between 1 and 5 in length." });
  }
  // A select menu takes the whole width of its row.
  const selects = children.filter((c) => SELECT_TYPES.has(c?.type as number)).length;
  if (selects > 0 && children.length > 1) {
    add([...path, "components"], {
      code: "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
      message: "The specified component exceeds the maximum width",
    });
  }
  children.forEach((child, i) => {
    validateLeaf(child, [...path, "components", i], customIds, add);
  });
}

function validateLeaf(
  c: Json,
  path: Path,
  customIds: Set<string>,
  add: (path: Path, e: { code: string; message: string }) => void,
) {
  const isLink = c.type === ComponentType.Button && (c.style === ButtonStyle.Link || c.style === ButtonStyle.Premium);
  if (c.type === ComponentType.Button) {
    if (typeof c.label === "string" && c.label.length > 80) add([...path, "label"], maxLength(80));
    // Every button shows something: a label or an emoji (a premium button shows its SKU instead).
    const shows = (typeof c.label === "string" && c.label !== "") || (c.emoji !== undefined && c.emoji !== null);
    if (!shows && c.style !== ButtonStyle.Premium) {
      add(path, { code: "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", message: "A button needs a label or an emoji." });
    }
    if (c.style !== ButtonStyle.Link && c.url !== undefined) {
      add([...path, "url"], {
        code: "BUTTON_COMPONENT_URL_NOT_ALLOWED",
        message: "Only a link button can have a url.",
      });
    }
    if (c.style === ButtonStyle.Link && !c.url) add([...path, "url"], required);
    if (c.style === ButtonStyle.Link && c.custom_id !== undefined) {
      add([...path, "custom_id"], {
        code: "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
        message: "A link button cannot have a custom_id",
      });
    }
  } else if (SELECT_TYPES.has(c.type as number)) {
    if (typeof c.placeholder === "string" && c.placeholder.length > 150) add([...path, "placeholder"], maxLength(150));
    if (c.type === ComponentType.StringSelect) {
      const options = Array.isArray(c.options) ? (c.options as Json[]) : [];
      if (options.length < 1 || options.length > 25) {
        add([...path, "options"], { code: "BASE_TYPE_BAD_LENGTH", message: "Must be between 1 and 25 in length." });
      }
      options.forEach((o, i) => {
        for (const key of ["label", "value", "description"]) {
          if (typeof o[key] === "string" && (o[key] as string).length > 100)
            add([...path, "options", i, key], maxLength(100));
        }
      });
    }
  } else if (c.type !== undefined) {
    return;
  }
  if (isLink) return;
  if (typeof c.custom_id !== "string" || c.custom_id.length === 0) return add([...path, "custom_id"], required);
  if (c.custom_id.length > 100) add([...path, "custom_id"], maxLength(100));
  if (customIds.has(c.custom_id)) {
    add([...path, "custom_id"], {
      code: "COMPONENT_CUSTOM_ID_DUPLICATED",
      message: "Component custom id cannot be duplicated",
    });
  }
  customIds.add(c.custom_id);
}
