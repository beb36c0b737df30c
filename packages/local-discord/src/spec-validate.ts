// Request bodies checked against Discord's own schemas: the zod schemas that the discord-api-spec
// package generates from Discord's OpenAPI specification. A body they reject is answered as Discord
// answers it, 400 `50035 Invalid Form Body` with the `errors` tree (paths as Discord nests them).
// The hand-written checks in message-validate.ts and commands.ts add what the schemas cannot say.
import * as spec from "discord-api-spec/zod";
import { FieldErrors } from "./errors.ts";

/** What a zod issue looks like (zod/mini's `$ZodIssue`, only the fields read here). */
interface Issue {
  readonly code: string;
  readonly path: ReadonlyArray<PropertyKey>;
  readonly input?: unknown;
  readonly expected?: string;
  readonly maximum?: number | bigint;
  readonly minimum?: number | bigint;
  readonly origin?: string;
}

interface Schema {
  safeParse(
    value: unknown,
    params?: { reportInput?: boolean },
  ): { success: true } | { success: false; error: { issues: readonly Issue[] } };
}

/** The schemas of the requests the bot makes, by what they are. */
export const SCHEMAS = {
  messageCreate: spec.MessageCreateRequestSchema,
  messageEdit: spec.MessageEditRequestPartialSchema,
  webhookCreate: spec.IncomingWebhookRequestPartialSchema,
  webhookEdit: spec.IncomingWebhookUpdateRequestPartialSchema,
  commandCreate: spec.ApplicationCommandCreateRequestSchema,
  commandBulk: spec.ApplicationCommandUpdateRequestSchema,
} as const satisfies Record<string, Schema>;

/** The interaction callback's schema by its type (4 and 5 share one, 6 and 7 too; 12 is LAUNCH_ACTIVITY). */
const CALLBACKS: Record<number, Schema> = {
  4: spec.CreateMessageInteractionCallbackRequestSchema,
  5: spec.CreateMessageInteractionCallbackRequestSchema,
  6: spec.UpdateMessageInteractionCallbackRequestSchema,
  7: spec.UpdateMessageInteractionCallbackRequestSchema,
  8: spec.ApplicationCommandAutocompleteCallbackRequestSchema,
  9: spec.ModalInteractionCallbackRequestSchema,
  12: spec.LaunchActivityInteractionCallbackRequestSchema,
};

export function callbackSchema(type: unknown): Schema | undefined {
  return typeof type === "number" ? CALLBACKS[type] : undefined;
}

/** Discord's code and message for a schema violation. */
function describe(issue: Issue): { code: string; message: string } {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return { code: "BASE_TYPE_REQUIRED", message: "This field is required" };
      return {
        code: `${(issue.expected ?? "base").toUpperCase()}_TYPE_CONVERT`,
        message: `Could not interpret the value as ${issue.expected ?? "the right type"}.`,
      };
    case "too_big":
      return issue.origin === "number"
        ? { code: "NUMBER_TYPE_MAX", message: `Int should be less than or equal to ${issue.maximum}.` }
        : { code: "BASE_TYPE_MAX_LENGTH", message: `Must be ${issue.maximum} or fewer in length.` };
    case "too_small":
      return issue.origin === "number"
        ? { code: "NUMBER_TYPE_MIN", message: `Int should be greater than or equal to ${issue.minimum}.` }
        : { code: "BASE_TYPE_MIN_LENGTH", message: `Must be ${issue.minimum} or more in length.` };
    case "invalid_union":
      return { code: "UNION_TYPE_CHOICES", message: "The value matches none of the allowed types." };
    case "invalid_value":
      return { code: "BASE_TYPE_CHOICES", message: "Value must be one of the allowed values." };
    default:
      return { code: "BASE_TYPE_INVALID", message: "Invalid value." };
  }
}

/**
 * Discord takes 64-bit integers (permission bitfields, snowflakes) as decimal strings too, which is
 * how discord.js sends them; the generated schemas say "number" only.
 */
function numericString(issue: Issue): boolean {
  return (
    issue.code === "invalid_type" &&
    (issue.expected === "number" || issue.expected === "int") &&
    typeof issue.input === "string" &&
    /^\d{1,20}$/.test(issue.input)
  );
}

/** Throws 50035 (errors nested under `prefix`) when `schema` rejects `body`. */
export function checkSchema(schema: Schema, body: unknown, prefix: readonly string[] = []): void {
  const result = schema.safeParse(body, { reportInput: true });
  if (result.success) return;
  const issues = result.error.issues.filter((issue) => !numericString(issue));
  if (issues.length === 0) return;
  const errors = new FieldErrors();
  for (const issue of issues) {
    const { code, message } = describe(issue);
    errors.add(
      issue.path.map((p) => (typeof p === "symbol" ? String(p.description) : (p as string | number))),
      code,
      message,
    );
  }
  throw errors.toError(prefix);
}

/**
 * Path parameters that the specification types as snowflakes (`SnowflakeType`: decimal digits): any
 * other value is 400 50035 at the parameter's name, as Discord answers `Value "x" is not snowflake.`.
 */
export function checkPathSnowflakes(params: Record<string, string>, names: readonly string[]): void {
  const errors = new FieldErrors();
  for (const name of names) {
    const value = params[name];
    if (!spec.SnowflakeTypeSchema.safeParse(value).success)
      errors.add([`${name}_id`], "NUMBER_TYPE_COERCE", `Value "${value}" is not snowflake.`);
  }
  if (!errors.empty) throw errors.toError();
}
