// Registered application commands, global and per guild. Bulk overwrite keeps the ids of commands
// that survive (as Discord does), and the driver parses slash text against what is stored here.
import {
  type APIApplicationCommand,
  type APIApplicationCommandOption,
  ApplicationCommandOptionType,
  ApplicationCommandType,
} from "discord-api-types/v10";
import { FieldErrors } from "./errors.ts";
import type { LocalEvents } from "./events.ts";
import { snowflake } from "./snowflake.ts";

type Json = Record<string, unknown>;

const NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

export class CommandRegistry {
  private readonly global: APIApplicationCommand[] = [];
  private readonly guilds = new Map<string, APIApplicationCommand[]>();

  constructor(
    private readonly applicationId: string,
    private readonly events: LocalEvents,
  ) {}

  list(guildId: string | null): APIApplicationCommand[] {
    return guildId === null ? this.global : (this.guilds.get(guildId) ?? []);
  }

  /** Commands a user in the guild can see: guild commands shadow global ones of the same name. */
  visible(guildId: string): APIApplicationCommand[] {
    const local = this.list(guildId);
    const names = new Set(local.map((c) => `${c.type}:${c.name}`));
    return [...local, ...this.global.filter((c) => !names.has(`${c.type}:${c.name}`))];
  }

  findChatInput(guildId: string, name: string): APIApplicationCommand | undefined {
    return this.visible(guildId).find((c) => c.type === ApplicationCommandType.ChatInput && c.name === name);
  }

  /** PUT .../commands: validates everything first, then replaces the list. */
  overwrite(guildId: string | null, body: unknown): APIApplicationCommand[] {
    const errors = new FieldErrors();
    const input = Array.isArray(body) ? (body as Json[]) : [];
    if (!Array.isArray(body)) errors.add([], "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType");
    const seen = new Set<string>();
    input.forEach((command, i) => {
      validateCommand(command, [String(i)], errors);
      const key = `${command.type ?? 1}:${command.name}`;
      if (seen.has(key))
        errors.add([i, "name"], "APPLICATION_COMMANDS_DUPLICATE_NAME", `Application command names must be unique`);
      seen.add(key);
    });
    if (!errors.empty) throw errors.toError();
    const previous = this.list(guildId);
    const next = input.map((command) => this.normalize(command, guildId, previous));
    if (guildId === null) this.global.splice(0, this.global.length, ...next);
    else this.guilds.set(guildId, next);
    this.events.emit("commandsUpdate", next, guildId);
    return next;
  }

  /** POST .../commands: creates or replaces one command (matched by name and type). */
  upsert(guildId: string | null, body: unknown): APIApplicationCommand {
    const command = (body ?? {}) as Json;
    const errors = new FieldErrors();
    validateCommand(command, [], errors);
    if (!errors.empty) throw errors.toError();
    const list = this.list(guildId);
    const others = list.filter((c) => !(c.name === command.name && c.type === (command.type ?? 1)));
    const created = this.normalize(command, guildId, list);
    this.overwriteRaw(guildId, [...others, created]);
    return created;
  }

  remove(guildId: string | null, commandId: string): boolean {
    const list = this.list(guildId);
    if (!list.some((c) => c.id === commandId)) return false;
    this.overwriteRaw(
      guildId,
      list.filter((c) => c.id !== commandId),
    );
    return true;
  }

  private overwriteRaw(guildId: string | null, list: APIApplicationCommand[]) {
    if (guildId === null) this.global.splice(0, this.global.length, ...list);
    else this.guilds.set(guildId, list);
    this.events.emit("commandsUpdate", list, guildId);
  }

  private normalize(command: Json, guildId: string | null, previous: APIApplicationCommand[]): APIApplicationCommand {
    const type = (command.type as ApplicationCommandType | undefined) ?? ApplicationCommandType.ChatInput;
    const kept = previous.find((c) => c.name === command.name && c.type === type);
    const permissions = command.default_member_permissions;
    return {
      id: kept?.id ?? snowflake(),
      application_id: this.applicationId,
      version: snowflake(),
      type,
      name: command.name as string,
      name_localizations: (command.name_localizations as Record<string, string> | undefined) ?? null,
      description: (command.description as string | undefined) ?? "",
      description_localizations: (command.description_localizations as Record<string, string> | undefined) ?? null,
      default_member_permissions: permissions === undefined || permissions === null ? null : String(permissions),
      ...(guildId === null ? { dm_permission: command.dm_permission !== false } : { guild_id: guildId }),
      contexts: (command.contexts as APIApplicationCommand["contexts"]) ?? null,
      integration_types: (command.integration_types as APIApplicationCommand["integration_types"]) ?? [0],
      nsfw: command.nsfw === true,
      ...(Array.isArray(command.options) && command.options.length > 0
        ? { options: command.options as APIApplicationCommandOption[] }
        : {}),
    } as APIApplicationCommand;
  }
}

function validateCommand(command: Json, path: string[], errors: FieldErrors) {
  const type = (command.type as number | undefined) ?? ApplicationCommandType.ChatInput;
  const chatInput = type === ApplicationCommandType.ChatInput;
  if (
    typeof command.name !== "string" ||
    !NAME.test(command.name) ||
    (chatInput && command.name !== command.name.toLowerCase())
  ) {
    errors.add([...path, "name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid");
  }
  if (chatInput) {
    const d = command.description;
    if (typeof d !== "string" || d.length < 1 || d.length > 100) {
      errors.add([...path, "description"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.");
    }
    validateOptions(command.options, [...path, "options"], errors, "command");
  }
}

function validateOptions(
  options: unknown,
  path: string[],
  errors: FieldErrors,
  parent: "command" | "group" | "subcommand",
) {
  if (options === undefined || options === null) return;
  if (!Array.isArray(options)) return errors.add(path, "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType");
  if (options.length > 25) errors.add(path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.");
  let sawOptional = false;
  const names = new Set<string>();
  options.forEach((option: Json, i) => {
    const at = [...path, String(i)];
    if (typeof option.name !== "string" || !NAME.test(option.name) || option.name !== option.name.toLowerCase()) {
      errors.add([...at, "name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid");
    }
    if (names.has(option.name as string)) {
      errors.add([...at, "name"], "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique");
    }
    names.add(option.name as string);
    const d = option.description;
    if (typeof d !== "string" || d.length < 1 || d.length > 100) {
      errors.add([...at, "description"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.");
    }
    const type = option.type as ApplicationCommandOptionType;
    const nesting =
      type === ApplicationCommandOptionType.Subcommand || type === ApplicationCommandOptionType.SubcommandGroup;
    // Groups hold only subcommands, subcommands hold only plain options.
    const allowed =
      type === ApplicationCommandOptionType.SubcommandGroup
        ? parent === "command"
        : type === ApplicationCommandOptionType.Subcommand
          ? parent !== "subcommand"
          : parent !== "group";
    if (!allowed) errors.add([...at, "type"], "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Option type is invalid here");
    if (nesting) {
      const kind = type === ApplicationCommandOptionType.SubcommandGroup ? "group" : "subcommand";
      validateOptions(option.options, [...at, "options"], errors, kind);
      return;
    }
    if (option.required === true && sawOptional) {
      errors.add(
        at,
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
        "Required options must be placed before non-required options",
      );
    }
    if (option.required !== true) sawOptional = true;
    if (Array.isArray(option.choices)) {
      if (option.choices.length > 25)
        errors.add([...at, "choices"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.");
      if (option.autocomplete === true) {
        errors.add(
          [...at, "autocomplete"],
          "AUTOCOMPLETE_CHOICES_MUTUALLY_EXCLUSIVE",
          "Autocomplete and choices cannot both be set",
        );
      }
    }
  });
}
