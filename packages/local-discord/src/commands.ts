// Registered application commands, global and per guild. Bulk overwrite keeps the ids of commands
// that survive (as Discord does), and the driver parses slash text against what is stored here.
import {
  type APIApplicationCommand,
  type APIApplicationCommandOption,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  Locale,
} from "discord-api-types/v10";
import { validateEntryPointFields, validateEntryPointScope } from "./command-entry-point.ts";
import { FieldErrors } from "./errors.ts";
import type { LocalEvents } from "./events.ts";
import { snowflake } from "./snowflake.ts";
import { checkSchema, SCHEMAS } from "./spec-validate.ts";

type Json = Record<string, unknown>;

const NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

export interface CommandsSnapshot {
  global: APIApplicationCommand[];
  guilds: Record<string, APIApplicationCommand[]>;
}

export class CommandRegistry {
  private readonly global: APIApplicationCommand[] = [];
  private readonly guilds = new Map<string, APIApplicationCommand[]>();

  constructor(
    private readonly applicationId: string,
    private readonly events: LocalEvents,
    /** Activities enabled for the application: entry point commands are refused without. */
    private readonly activitiesEnabled: () => boolean = () => false,
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
    input.forEach((command, i) => {
      checkSchema(SCHEMAS.commandBulk, command, [String(i)]);
    });
    const seen = new Set<string>();
    input.forEach((command, i) => {
      validateCommand(command, [String(i)], errors, this.activitiesEnabled());
      const key = `${command.type ?? 1}:${command.name}`;
      if (seen.has(key))
        errors.add([i, "name"], "APPLICATION_COMMANDS_DUPLICATE_NAME", `Application command names must be unique`);
      seen.add(key);
    });
    validateEntryPointScope(guildId, input, this.list(guildId), errors, true, (i) => [String(i)]);
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
    checkSchema(SCHEMAS.commandCreate, command);
    const errors = new FieldErrors();
    validateCommand(command, [], errors, this.activitiesEnabled());
    const list = this.list(guildId);
    validateEntryPointScope(guildId, [command], list, errors, false, () => []);
    if (!errors.empty) throw errors.toError();
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

  /** The registrations, global and per server, as the state file keeps them. */
  snapshot(): CommandsSnapshot {
    return { global: this.global, guilds: Object.fromEntries(this.guilds) };
  }

  /** Registrations saved by an earlier run: Discord keeps an application's commands while the bot is away. */
  restore(snapshot: CommandsSnapshot): void {
    this.global.splice(0, this.global.length, ...snapshot.global);
    for (const [guildId, list] of Object.entries(snapshot.guilds)) this.guilds.set(guildId, list);
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
      ...(type === ApplicationCommandType.PrimaryEntryPoint ? { handler: command.handler } : {}),
      ...(Array.isArray(command.options) && command.options.length > 0
        ? { options: command.options as APIApplicationCommandOption[] }
        : {}),
    } as APIApplicationCommand;
  }
}

/** Discord's locales (the keys a localization map may have). */
const LOCALE_KEYS = new Set<string>(Object.values(Locale));

/**
 * A node's `name_localizations` and `description_localizations`, by Discord's rules for each locale:
 * known locale keys only, and a name like the name itself (lowercase for chat input). The lengths are
 * Discord's schema's (checkSchema). The sub-code for an unknown locale key is a guess: Discord documents
 * the rule, not the code.
 */
function validateLocalizations(node: Json, path: string[], errors: FieldErrors, lowercase: boolean) {
  for (const field of ["name_localizations", "description_localizations"] as const) {
    const map = node[field];
    if (map === undefined || map === null) continue;
    if (typeof map !== "object" || Array.isArray(map)) {
      errors.add([...path, field], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
      continue;
    }
    for (const [locale, text] of Object.entries(map as Record<string, unknown>)) {
      const at = [...path, field, locale];
      if (!LOCALE_KEYS.has(locale)) {
        errors.add(at, "LOCALE_INVALID", `"${locale}" is not a valid locale`);
        continue;
      }
      const badName = typeof text !== "string" || !NAME.test(text) || (lowercase && text !== text.toLowerCase());
      if (field === "name_localizations" && badName) {
        errors.add(at, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid");
      }
    }
  }
}

function validateCommand(command: Json, path: string[], errors: FieldErrors, activities: boolean) {
  const type = (command.type as number | undefined) ?? ApplicationCommandType.ChatInput;
  const chatInput = type === ApplicationCommandType.ChatInput;
  if (
    typeof command.name !== "string" ||
    !NAME.test(command.name) ||
    (chatInput && command.name !== command.name.toLowerCase())
  ) {
    errors.add([...path, "name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid");
  }
  validateLocalizations(command, path, errors, chatInput);
  validateEntryPointFields(command, path, errors, activities);
  if (chatInput) {
    const d = command.description;
    if (typeof d !== "string" || d.length < 1 || d.length > 100) {
      errors.add([...path, "description"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.");
    }
    validateOptions(command.options, [...path, "options"], errors, "command");
    const size = commandSize(command);
    if (size > MAX_COMMAND_SIZE) {
      errors.add(path, "APPLICATION_COMMAND_TOO_LARGE", `Command exceeds maximum size (${MAX_COMMAND_SIZE})`);
    }
  }
}

/** Discord's limit on one command's names, descriptions and choices (with their values) together. */
export const MAX_COMMAND_SIZE = 8000;

/** The longest of a text and its localizations: Discord counts the longest. */
function longest(text: unknown, localized: unknown): number {
  const values = Object.values((localized ?? {}) as Record<string, unknown>).filter((v) => typeof v === "string");
  return Math.max(typeof text === "string" ? [...text].length : 0, ...values.map((v) => [...(v as string)].length));
}

/** How Discord measures a command (or option): name, description, choice names and values, and all options inside. */
export function commandSize(node: Json): number {
  const choices = Array.isArray(node.choices) ? (node.choices as Json[]) : [];
  const options = Array.isArray(node.options) ? (node.options as Json[]) : [];
  return (
    longest(node.name, node.name_localizations) +
    longest(node.description, node.description_localizations) +
    choices.reduce((n, c) => n + longest(c.name, c.name_localizations) + [...String(c.value)].length, 0) +
    options.reduce((n, o) => n + commandSize(o), 0)
  );
}

/** Limits that only some option types have: lengths for strings, ranges for numbers, channel types for channels. */
function validateOptionLimits(option: Json, at: string[], errors: FieldErrors) {
  const type = option.type as ApplicationCommandOptionType;
  const isString = type === ApplicationCommandOptionType.String;
  const isNumber = type === ApplicationCommandOptionType.Integer || type === ApplicationCommandOptionType.Number;
  for (const key of ["min_length", "max_length"] as const) {
    if (option[key] === undefined || option[key] === null) continue;
    if (!isString) {
      errors.add([...at, key], "APPLICATION_COMMAND_OPTION_INVALID", `${key} is only allowed on string options`);
      continue;
    }
    const value = option[key];
    const least = key === "min_length" ? 0 : 1;
    if (typeof value !== "number" || !Number.isInteger(value) || value < least || value > 6000) {
      errors.add([...at, key], "NUMBER_TYPE_MAX", `Must be between ${least} and 6000.`);
    }
  }
  for (const key of ["min_value", "max_value"] as const) {
    if (option[key] !== undefined && option[key] !== null && !isNumber) {
      errors.add([...at, key], "APPLICATION_COMMAND_OPTION_INVALID", `${key} is only allowed on number options`);
    }
  }
  if (option.channel_types !== undefined && type !== ApplicationCommandOptionType.Channel) {
    errors.add(
      [...at, "channel_types"],
      "APPLICATION_COMMAND_OPTION_INVALID",
      "channel_types is only allowed on channel options",
    );
  }
  if (Array.isArray(option.choices)) {
    (option.choices as Json[]).forEach((choice, c) => {
      const name = choice.name;
      if (typeof name !== "string" || [...name].length < 1 || [...name].length > 100) {
        errors.add([...at, "choices", c, "name"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.");
      }
      for (const locale of Object.keys((choice.name_localizations as Record<string, unknown>) ?? {})) {
        const where = [...at, "choices", c, "name_localizations", locale];
        if (!LOCALE_KEYS.has(locale)) errors.add(where, "LOCALE_INVALID", `"${locale}" is not a valid locale`);
      }
      if (typeof choice.value === "string" && ([...choice.value].length < 1 || [...choice.value].length > 100)) {
        errors.add([...at, "choices", c, "value"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.");
      }
    });
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
    validateLocalizations(option, at, errors, true);
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
    validateOptionLimits(option, at, errors);
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
