// Errors shaped exactly like Discord's JSON error bodies, so @discordjs/rest turns them into
// DiscordAPIError with the same `code`, `status` and `rawError` the bot would see in production.

/** Discord's nested field-error tree: `{ data: { components: { 0: { custom_id: { _errors: [...] } } } } }`. */
export interface ErrorTree {
  [key: string]: ErrorTree | FieldError[];
}

export interface FieldError {
  code: string;
  message: string;
}

export interface DiscordErrorBody {
  code: number;
  message: string;
  errors?: ErrorTree;
}

export class DiscordHttpError extends Error {
  readonly status: number;
  readonly body: DiscordErrorBody;

  constructor(status: number, body: DiscordErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}

/** Collects field errors while validating, then becomes one 50035 error. */
export class FieldErrors {
  readonly tree: ErrorTree = {};
  private count = 0;

  add(path: ReadonlyArray<string | number>, code: string, message: string): void {
    let node: ErrorTree = this.tree;
    for (const part of path) {
      const key = String(part);
      const next = node[key];
      if (next === undefined || Array.isArray(next)) node[key] = {};
      node = node[key] as ErrorTree;
    }
    const list = (node._errors as FieldError[] | undefined) ?? [];
    list.push({ code, message });
    node._errors = list;
    this.count += 1;
  }

  get empty(): boolean {
    return this.count === 0;
  }

  /** The errors nested under a prefix (callbacks nest message errors under `data`). */
  toError(prefix: ReadonlyArray<string> = []): DiscordHttpError {
    let tree: ErrorTree = this.tree;
    for (const key of [...prefix].reverse()) tree = { [key]: tree };
    return new DiscordHttpError(400, { code: 50035, message: "Invalid Form Body", errors: tree });
  }
}

const simple = (status: number, code: number, message: string) => () => new DiscordHttpError(status, { code, message });

export const notFound = simple(404, 0, "404: Not Found");
export const methodNotAllowed = simple(405, 0, "405: Method Not Allowed");
export const unauthorized = simple(401, 0, "401: Unauthorized");
export const unknownChannel = simple(404, 10003, "Unknown Channel");
export const unknownGuild = simple(404, 10004, "Unknown Guild");
export const unknownMember = simple(404, 10007, "Unknown Member");
export const unknownMessage = simple(404, 10008, "Unknown Message");
export const unknownWebhook = simple(404, 10015, "Unknown Webhook");
export const unknownRole = simple(404, 10011, "Unknown Role");
export const unknownUser = simple(404, 10013, "Unknown User");
export const unknownApplication = simple(404, 10002, "Unknown Application");
export const unknownCommand = simple(404, 10063, "Unknown application command");
export const unknownInteraction = simple(404, 10062, "Unknown interaction");
export const alreadyAcknowledged = simple(400, 40060, "Interaction has already been acknowledged.");
export const invalidWebhookToken = simple(401, 50027, "Invalid Webhook Token");
export const emptyMessage = simple(400, 50006, "Cannot send an empty message");
export const cannotEditOthers = simple(403, 50005, "Cannot edit a message authored by another user");
export const invalidJson = simple(400, 50109, "The request body contains invalid JSON.");
export const entityTooLarge = simple(413, 40005, "Request entity too large");
export const missingAccess = simple(403, 50001, "Missing Access");
export const cannotMessageUser = simple(403, 50007, "Cannot send messages to this user");
/** Opening a DM channel with a bot (the bot itself included) is refused up front, with 400. */
export const cannotOpenDmWithBot = simple(400, 50007, "Cannot send messages to this user");
export const missingPermissions = simple(403, 50013, "Missing Permissions");
