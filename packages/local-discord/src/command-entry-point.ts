// Discord's rules on PRIMARY_ENTRY_POINT commands (type 4), the App Launcher's way into an Activity
// (developers/interactions/application-commands: "Entry Point Commands", "Registering a Command"):
// only for an application with Activities enabled (the EMBEDDED flag); only global ("Your app cannot
// have a PRIMARY_ENTRY_POINT guild command"); one per application; `handler` (1 APP_HANDLER,
// 2 DISCORD_LAUNCH_ACTIVITY) only on this type. Where Discord leaves a point open, the stricter
// reading is taken: `handler` is required, options are refused, the name is lowercase and a
// description of 1-100 characters is required (as for CHAT_INPUT). Discord's documentation names no
// error sub-codes for these refusals; the ones below are descriptive. A bulk overwrite that would drop
// the registered entry point is refused with 50240, as Discord answers it (the code is in Discord's
// answers, not in its documentation).
import { ApplicationCommandType, EntryPointCommandHandlerType } from "discord-api-types/v10";
import { DiscordHttpError, type FieldErrors } from "./errors.ts";

type Json = Record<string, unknown>;

const ENTRY_POINT = ApplicationCommandType.PrimaryEntryPoint;
const HANDLERS: unknown[] = [
  EntryPointCommandHandlerType.AppHandler,
  EntryPointCommandHandlerType.DiscordLaunchActivity,
];

const typeOf = (command: Json) => (command.type as number | undefined | null) ?? ApplicationCommandType.ChatInput;

/** One command's own rules about entry points (its `handler`, and for type 4 its shape). */
export function validateEntryPointFields(command: Json, path: string[], errors: FieldErrors, activities: boolean) {
  const handlerGiven = command.handler !== undefined && command.handler !== null;
  if (typeOf(command) !== ENTRY_POINT) {
    if (handlerGiven) {
      errors.add(
        [...path, "handler"],
        "APPLICATION_COMMAND_HANDLER_INVALID",
        "handler can only be set for PRIMARY_ENTRY_POINT commands",
      );
    }
    return;
  }
  if (!activities) {
    errors.add(
      [...path, "type"],
      "APPLICATION_COMMAND_ENTRY_POINT_NOT_EMBEDDED",
      "PRIMARY_ENTRY_POINT commands need Activities enabled for the application",
    );
  }
  if (!HANDLERS.includes(command.handler)) {
    errors.add([...path, "handler"], "BASE_TYPE_CHOICES", "Value must be one of {1, 2}.");
  }
  if (typeof command.name === "string" && command.name !== command.name.toLowerCase()) {
    errors.add([...path, "name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid");
  }
  const d = command.description;
  if (typeof d !== "string" || d.length < 1 || d.length > 100) {
    errors.add([...path, "description"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.");
  }
  if (Array.isArray(command.options) && command.options.length > 0) {
    errors.add(
      [...path, "options"],
      "APPLICATION_COMMAND_OPTIONS_INVALID",
      "options can only be set for CHAT_INPUT commands",
    );
  }
}

/**
 * The rules across a scope's list: none in a server, at most one globally. `previous` is what is
 * registered now; `replacing` says the list replaces it all (a bulk overwrite) rather than adds one.
 */
export function validateEntryPointScope(
  guildId: string | null,
  next: Json[],
  previous: { type: number; name: string }[],
  errors: FieldErrors,
  replacing: boolean,
  paths: (i: number) => string[],
) {
  const entryPoints = next.map((c, i) => ({ c, i })).filter(({ c }) => typeOf(c) === ENTRY_POINT);
  if (guildId !== null) {
    for (const { i } of entryPoints) {
      errors.add(
        [...paths(i), "type"],
        "APPLICATION_COMMAND_ENTRY_POINT_GUILD",
        "PRIMARY_ENTRY_POINT commands can only be global",
      );
    }
    return;
  }
  const registered = previous.find((c) => c.type === ENTRY_POINT);
  const kept = replacing ? [] : previous.filter((c) => c.type === ENTRY_POINT && !next.some((n) => sameCommand(n, c)));
  if (entryPoints.length + kept.length > 1) {
    const { i } = entryPoints[entryPoints.length - 1];
    errors.add(
      [...paths(i), "type"],
      "APPLICATION_COMMAND_ENTRY_POINT_LIMIT",
      "An application can have only one PRIMARY_ENTRY_POINT command",
    );
  }
  if (replacing && registered && entryPoints.length === 0 && errors.empty) {
    throw new DiscordHttpError(400, {
      code: 50240,
      message:
        "You cannot remove this app's Primary Entry Point command in a bulk update operation. Please include the Primary Entry Point command in your update request or delete it separately.",
    });
  }
}

function sameCommand(a: Json, b: { type: number; name: string }): boolean {
  return typeOf(a) === b.type && a.name === b.name;
}
