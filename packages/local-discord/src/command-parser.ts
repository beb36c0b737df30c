// Parses what a person types in the message box ("/nickar challenge opponent:@bob ruleset:haiti")
// against the registered commands into the `data` of an APPLICATION_COMMAND interaction, checking
// what the Discord client checks before it sends anything: subcommands, required options, choices,
// types and ranges. Names may be typed as registered or in the user's language (`name_localizations`);
// the interaction carries the registered ones, as Discord's does. An unquoted string value runs to the
// next option (`reason:testing the cancel`). Unknown users named as `@name` are created on first use.
import {
  type APIApplicationCommand,
  type APIApplicationCommandOption,
  type APIApplicationCommandOptionChoice,
  type APIUser,
  ApplicationCommandType,
  ApplicationCommandOptionType as T,
} from "discord-api-types/v10";
import { interactionChannel, interactionMember } from "./guild-payloads.ts";
import type { Store } from "./store.ts";

export class CommandInputError extends Error {}

export interface ParsedCommand {
  command: APIApplicationCommand;
  /** "nickar challenge": the name Discord shows ("alice used /nickar challenge"). */
  fullName: string;
  data: Record<string, unknown>;
}

export interface Token {
  key: string | null;
  value: string;
}

interface Span extends Token {
  quoted: boolean;
  /** Where the value starts in the text, and where the token ends. */
  valueStart: number;
  end: number;
}

const TOKEN = /([^\s:"]+):(?:"((?:[^"\\]|\\.)*)"?|(\S*))|"((?:[^"\\]|\\.)*)"?|(\S+)/gu;

function scan(text: string): Span[] {
  const unquote = (s: string) => s.replace(/\\(.)/g, "$1");
  return [...text.matchAll(TOKEN)].map((m) => {
    const end = m.index + m[0].length;
    if (m[1] === undefined) {
      const quoted = m[4] !== undefined;
      return { key: null, value: quoted ? unquote(m[4]) : m[5], quoted, valueStart: m.index, end };
    }
    const quoted = m[2] !== undefined;
    const valueStart = m.index + m[1].length + 1 + (quoted ? 1 : 0);
    return { key: m[1], value: quoted ? unquote(m[2]) : (m[3] ?? ""), quoted, valueStart, end };
  });
}

/** Splits into bare words and `name:value` pairs; values may be "quoted with \"escapes\"". */
export function tokenize(text: string): Token[] {
  return scan(text).map(({ key, value }) => ({ key, value }));
}

type Named = { name: string; name_localizations?: Partial<Record<string, string | null>> | null };

/** A command, option or choice typed by its registered name or its name in the user's language. */
function named(node: Named, word: string, locale: string | undefined): boolean {
  const typed = word.toLowerCase();
  const localized = locale ? node.name_localizations?.[locale] : undefined;
  return node.name.toLowerCase() === typed || localized?.toLowerCase() === typed;
}

interface ParseOptions {
  /** For autocomplete: the option being typed; its value is sent raw with `focused: true`. */
  focused?: string;
  /**
   * Ignore the options' own min/max lengths (Discord's 6000 still holds), as a client still showing
   * an older registration would: global command updates take up to an hour to reach everyone.
   */
  ignoreOptionLimits?: boolean;
  /** The user's locale: names in it are accepted as well as the registered ones. */
  locale?: string;
}

type Option = APIApplicationCommandOption & {
  options?: APIApplicationCommandOption[];
  choices?: APIApplicationCommandOptionChoice[];
  min_value?: number;
  max_value?: number;
  min_length?: number;
  max_length?: number;
  channel_types?: number[];
  required?: boolean;
  autocomplete?: boolean;
};

export function parseCommand(store: Store, commands: APIApplicationCommand[], text: string, opts: ParseOptions = {}) {
  const line = text.trim();
  const tokens = scan(line);
  const head = tokens.shift();
  if (!head || head.key !== null || !head.value.startsWith("/")) {
    throw new CommandInputError('A command starts with "/", e.g. /help');
  }
  const name = head.value.slice(1).toLowerCase();
  const command = commands.find((c) => c.type === ApplicationCommandType.ChatInput && named(c, name, opts.locale));
  if (!command) {
    const known = commands.map((c) => `/${c.name}`).join(", ") || "none registered yet";
    throw new CommandInputError(`Unknown command /${name} (commands: ${known})`);
  }
  const names = [command.name];
  let options = (command.options ?? []) as Option[];
  const wrap: Array<(inner: unknown[]) => unknown[]> = [];
  // Descend into a subcommand group and/or subcommand, named by bare words.
  for (let depth = 0; depth < 2; depth++) {
    const nested = options.filter((o) => o.type === T.Subcommand || o.type === T.SubcommandGroup);
    if (nested.length === 0) break;
    const word = tokens[0]?.key === null ? tokens.shift()?.value.toLowerCase() : undefined;
    const pick = word === undefined ? undefined : nested.find((o) => named(o, word, opts.locale));
    if (!pick) {
      const list = nested.map((o) => o.name).join(", ");
      throw new CommandInputError(`/${names.join(" ")} needs a subcommand: ${list}${word ? ` (got "${word}")` : ""}`);
    }
    names.push(pick.name);
    wrap.push((inner) => [{ name: pick.name, type: pick.type, options: inner }]);
    options = (pick.options ?? []) as Option[];
  }

  const resolved: Record<string, Record<string, unknown>> = {};
  const given: Record<string, unknown>[] = [];
  const optionOf = (token: Token) =>
    token.key === null ? undefined : options.find((o) => named(o, token.key!, opts.locale));
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.key === null) {
      throw new CommandInputError(`Expected name:value, got "${token.value}" (options: ${describe(options)})`);
    }
    const option = optionOf(token);
    if (!option) {
      throw new CommandInputError(`/${names.join(" ")} has no option "${token.key}" (options: ${describe(options)})`);
    }
    if (given.some((g) => g.name === option.name)) throw new CommandInputError(`Option "${option.name}" given twice`);
    let raw = token.value;
    if (option.type === T.String && !token.quoted) {
      // As in Discord's message box, a string value takes the words that follow, up to the next option.
      let end = token.end;
      while (i + 1 < tokens.length && !optionOf(tokens[i + 1])) end = tokens[++i].end;
      // Discord trims what is typed around a value ("reason: testing" is "testing").
      raw = line.slice(token.valueStart, end).trim();
    }
    if (opts.focused === option.name) {
      given.push({ name: option.name, type: option.type, value: raw, focused: true });
      continue;
    }
    const checked = opts.ignoreOptionLimits ? { ...option, min_length: undefined, max_length: undefined } : option;
    given.push({ name: option.name, type: option.type, value: convert(store, checked, raw, resolved, opts.locale) });
  }
  if (opts.focused !== undefined) {
    const option = options.find((o) => o.name === opts.focused);
    if (!option) throw new CommandInputError(`No option "${opts.focused}" to autocomplete`);
    if (!option.autocomplete) throw new CommandInputError(`Option "${opts.focused}" has no autocomplete`);
    if (!given.some((g) => g.focused)) given.push({ name: option.name, type: option.type, value: "", focused: true });
  } else {
    const missing = options.filter((o) => o.required && !given.some((g) => g.name === o.name));
    if (missing.length > 0) {
      throw new CommandInputError(`Missing required option(s): ${missing.map((o) => `${o.name}:`).join(" ")}`);
    }
  }
  let tree: unknown[] = given;
  for (const w of wrap.reverse()) tree = w(tree);
  const data: Record<string, unknown> = {
    id: command.id,
    name: command.name,
    type: ApplicationCommandType.ChatInput,
    ...(command.guild_id ? { guild_id: command.guild_id } : {}),
    ...(tree.length > 0 ? { options: tree } : {}),
    ...(Object.keys(resolved).length > 0 ? { resolved } : {}),
  };
  return { command, fullName: names.join(" "), data } satisfies ParsedCommand;
}

function describe(options: Option[]): string {
  return options.map((o) => `${o.name}${o.required ? "" : "?"}`).join(" ") || "none";
}

function convert(
  store: Store,
  option: Option,
  raw: string,
  resolved: Record<string, Record<string, unknown>>,
  locale: string | undefined,
): unknown {
  const fail = (why: string): never => {
    throw new CommandInputError(`Option "${option.name}": ${why}`);
  };
  const put = (kind: string, id: string, value: unknown) => {
    resolved[kind] ??= {};
    resolved[kind][id] = value;
  };
  // `<@id>` and `@name` resolve as the Discord client does: an id that is nobody is refused, the bot's
  // name is the bot, `@everyone` is nobody; a new `@name` is created as a member (the local world grows).
  const addUser = (ref: string) => {
    const mention = /^<@!?(\d+)>$/.exec(ref.trim());
    if (mention && !store.users.has(mention[1])) fail(`no user ${ref}`);
    let user: APIUser;
    try {
      user = mention ? store.users.get(mention[1])! : store.ensureUser(ref).user;
    } catch (error) {
      return fail((error as Error).message);
    }
    const { user: _user, ...member } = interactionMember(store, user.id);
    put("users", user.id, user);
    put("members", user.id, member);
    return user.id;
  };
  switch (option.type) {
    case T.String: {
      const value = pickChoice(option, raw, locale) ?? raw;
      if (option.min_length !== undefined && value.length < option.min_length)
        fail(`at least ${option.min_length} characters`);
      if (option.max_length !== undefined && value.length > option.max_length)
        fail(`at most ${option.max_length} characters`);
      if (value.length > 6000) fail("at most 6000 characters");
      return value;
    }
    case T.Integer:
    case T.Number: {
      const chosen = pickChoice(option, raw, locale);
      const text = chosen === undefined ? raw : String(chosen);
      const pattern = option.type === T.Integer ? /^-?\d+$/ : /^-?(\d+\.?\d*|\.\d+)(e-?\d+)?$/i;
      if (!pattern.test(text))
        fail(option.type === T.Integer ? `"${raw}" is not a whole number` : `"${raw}" is not a number`);
      const value = Number(text);
      if (!Number.isSafeInteger(Math.trunc(value))) fail("out of range");
      if (option.min_value !== undefined && value < option.min_value) fail(`must be at least ${option.min_value}`);
      if (option.max_value !== undefined && value > option.max_value) fail(`must be at most ${option.max_value}`);
      return value;
    }
    case T.Boolean: {
      const v = raw.toLowerCase();
      if (["true", "yes", "1", "on"].includes(v)) return true;
      if (["false", "no", "0", "off"].includes(v)) return false;
      return fail(`"${raw}" is not true/false`);
    }
    case T.User:
      return addUser(raw);
    case T.Channel: {
      const channel = store.findChannel(raw) ?? fail(`no channel "${raw}"`);
      if (option.channel_types && !option.channel_types.includes(channel.type))
        fail(`channel #${raw} has the wrong type`);
      put("channels", channel.id, interactionChannel(store, channel, store.bot.id));
      return channel.id;
    }
    case T.Role: {
      const role = store.findRole(raw) ?? fail(`no role "${raw}"`);
      put("roles", role.id, role);
      return role.id;
    }
    case T.Mentionable: {
      const role = store.findRole(raw);
      if (role && (raw.startsWith("<@&") || !store.findUser(raw))) {
        put("roles", role.id, role);
        return role.id;
      }
      return addUser(raw);
    }
    default:
      return fail("this option type cannot be typed in the local driver (attachments are not supported)");
  }
}

/** Choices can be typed by value or by their display name (in the user's language too); anything else is refused. */
function pickChoice(option: Option, raw: string, locale: string | undefined): string | undefined {
  if (!option.choices || option.choices.length === 0) return undefined;
  const hit = option.choices.find((c) => String(c.value) === raw) ?? option.choices.find((c) => named(c, raw, locale));
  if (!hit) {
    const list = option.choices.map((c) => String(c.value)).join(", ");
    throw new CommandInputError(`Option "${option.name}": "${raw}" is not one of the choices (${list})`);
  }
  return String(hit.value);
}
