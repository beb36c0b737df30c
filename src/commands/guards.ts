/**
 * Guards declared on commands (`guards: ["guild", "manage-server"]`), checked before the handler runs,
 * in one order for every command, in the manner of Sapphire's preconditions. The router runs every
 * command through runCommand; handler tests do too when they test a refusal.
 */
import { UserError } from "../errors.ts";
import type { Locale, Value } from "../i18n/index.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command, Guard } from "./command.ts";
import { COMMAND_NAME, GROUPS, type RootCommand } from "./groups.ts";
import { definitionText } from "./localize.ts";

/** The order guards are checked in: where the command runs, then who runs it. */
export const GUARD_ORDER: readonly Guard[] = ["guild", "manage-server"];

export function guildRequired(): UserError {
  return new UserError("guild/required");
}

/** `what` completes "… needs the Manage Server permission": a command, or a term ("Changing Nickar settings"). */
export function manageServerRequired(what: Value): UserError {
  return new UserError("permission/manage-server", { what });
}

/** Each guard's refusal, or null when it holds. */
const CHECKS: Readonly<Record<Guard, (ctx: HandlerContext, command: Command) => UserError | null>> = {
  guild: (ctx) => (ctx.guildId ? null : guildRequired()),
  "manage-server": (ctx, command) =>
    ctx.canManageGuild ? null : manageServerRequired(`/${commandLabel(command, ctx.locale)}`),
};

/** "nickar-admin season new" as a user of `locale` sees it in Discord ("nickar-admin sæson ny"). */
export function commandLabel(command: Command, locale: Locale): string {
  const root = rootOf(command);
  const { name, name_localizations } = command.definition;
  const texts = command.group ? GROUPS[root]?.[command.group] : undefined;
  const group = (texts && definitionText(locale, texts.name)) ?? command.group ?? null;
  const subcommand = (locale === "en" ? null : name_localizations?.[locale]) ?? name;
  return [root, group, subcommand].filter(Boolean).join(" ");
}

/** The top-level command a subcommand is registered under. */
export const rootOf = (command: Command): RootCommand => command.root ?? COMMAND_NAME;

/** The refusal of the first guard of `command` that does not hold, in GUARD_ORDER; null when all hold. */
export function guardRefusal(command: Command, ctx: HandlerContext): UserError | null {
  for (const guard of GUARD_ORDER) {
    const refusal = command.guards?.includes(guard) ? CHECKS[guard](ctx, command) : null;
    if (refusal) return refusal;
  }
  return null;
}

/** Whether every guard of `command` holds (autocomplete suggests nothing where the command may not run). */
export function guardsHold(command: Command, ctx: HandlerContext): boolean {
  return guardRefusal(command, ctx) === null;
}

/** Checks the command's guards, then runs its handler. */
export async function runCommand(command: Command, ctx: HandlerContext, options: CommandOptions): Promise<Response> {
  const refusal = guardRefusal(command, ctx);
  if (refusal) throw refusal;
  return command.handle(ctx, options);
}
