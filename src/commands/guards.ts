/**
 * Guards (see `Guard` in command.ts): declared per subcommand in its root command's table and checked by
 * the router before the handler runs, stage by stage (where, who, what), in the manner of Sapphire's
 * preconditions. The router runs every subcommand through runCommand; handler tests do too when they
 * test a refusal. Here are the guards of the generic layer, and the checks a handler makes for part of
 * a command (`requireGuild`, `requireAdmin`).
 */
import { UserError } from "../errors.ts";
import type { Locale, Value } from "../i18n/index.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import { GUARD_STAGES, type Guard, type GuardStage, type Subcommand } from "./command.ts";
import { definitionText } from "./localize.ts";

export function guildRequired(): UserError {
  return new UserError("guild/required");
}

/** `what` completes "… needs the Manage Server permission": a command, or a term ("Changing Nickar settings"). */
export function manageServerRequired(what: Value): UserError {
  return new UserError("permission/manage-server", { what });
}

/** Used in a server (not in DMs). */
export const GUILD: Guard = {
  name: "guild",
  stage: "place",
  refusal: (ctx) => (ctx.guildId ? null : guildRequired()),
};

/** The member has Manage Server; the refusal names the subcommand as they see it. */
export const MANAGE_SERVER: Guard = {
  name: "manage-server",
  stage: "member",
  refusal: (ctx, _options, subcommand) =>
    ctx.canManageGuild ? null : manageServerRequired(`/${commandLabel(subcommand, ctx.locale)}`),
};

/**
 * The server the command runs in. Subcommands that need one declare the GUILD guard, which the router
 * checks before the handler; called without the router (a handler test), it refuses the same way.
 */
export function requireGuild(ctx: HandlerContext): string {
  if (!ctx.guildId) throw guildRequired();
  return ctx.guildId;
}

/**
 * Manage Server is needed for part of a command (changing settings, as opposed to showing them); a
 * subcommand that needs it whole declares the MANAGE_SERVER guard instead. `what` completes
 * "... needs the Manage Server permission".
 */
export function requireAdmin(ctx: HandlerContext, what: Value): void {
  if (!ctx.canManageGuild) throw manageServerRequired(what);
}

/** "nickar-admin season new" as a user of `locale` sees it in Discord ("nickar-admin sæson ny"). */
export function commandLabel(subcommand: Pick<Subcommand, "root" | "group" | "definition">, locale: Locale): string {
  const { name, name_localizations } = subcommand.definition;
  const { group } = subcommand;
  const groupName = group ? (definitionText(locale, group.texts.name) ?? group.name) : null;
  const local = (locale === "en" ? null : name_localizations?.[locale]) ?? name;
  return [subcommand.root, groupName, local].filter(Boolean).join(" ");
}

/** The guards of `subcommand` checked at `stages`, in stage order (in the table's order within a stage). */
function inOrder(subcommand: Subcommand, stages: readonly GuardStage[]): Guard[] {
  return stages.flatMap((stage) => subcommand.guards.filter((g) => g.stage === stage));
}

/** The refusal of the first guard of `subcommand` that does not hold; null when all hold. */
export function guardRefusal(subcommand: Subcommand, ctx: HandlerContext, options: CommandOptions): UserError | null {
  for (const guard of inOrder(subcommand, GUARD_STAGES)) {
    const refusal = guard.refusal(ctx, options, subcommand);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * Whether the guards that do not read the options hold (where, who): autocomplete suggests nothing where
 * the subcommand may not run, and its options, half typed, name nothing yet.
 */
export function guardsHold(subcommand: Subcommand, ctx: HandlerContext, options: CommandOptions): boolean {
  return inOrder(subcommand, ["place", "member"]).every((guard) => guard.refusal(ctx, options, subcommand) === null);
}

/** Checks the subcommand's guards, then runs its handler. */
export async function runCommand(
  subcommand: Subcommand,
  ctx: HandlerContext,
  options: CommandOptions,
): Promise<Response> {
  const refusal = guardRefusal(subcommand, ctx, options);
  if (refusal) throw refusal;
  return subcommand.handle(ctx, options);
}
