/**
 * Server roles that follow the standings (issue #24), below Discord: the rules an admin sets, who should
 * hold each rule's role now (read from the ratings, the ladder and the series, never stored), and who
 * Nickar gave it to (`role_grants`: Nickar takes a role away only from those it gave it to, so a role an
 * admin also hands out by hand is left alone for everyone else). src/competition/jobs/role-keeper.ts applies the
 * difference through Discord.
 */
import { and, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { type Db, IMMEDIATE } from "../db/client.ts";
import { forgottenAmong } from "../db/forgotten.ts";
import { enqueue } from "../db/outbox.ts";
import {
  ladderRungs,
  ROLE_RULE_KINDS,
  type RoleRuleKind,
  type RoleRuleRow,
  roleGrants,
  roleRules,
  series,
} from "../db/schema.ts";
import type { RulesetId } from "../engine/index.ts";
import { UserError } from "../errors.ts";
import type { RatingService } from "./ratings.ts";
import { DEFAULT_FIRST_TO, MAX_FIRST_TO } from "./series-store.ts";

export { ROLE_RULE_KINDS, type RoleRuleKind };

/** Why Discord would refuse Nickar a change of a role (checked before asking, and read from its refusals). */
export type RoleProblem = "no-manage-roles" | "above-nickar" | "managed" | "unknown-role";

/** The outbox's kind of a refusal's report (src/competition/jobs/role-refused-posts.ts), and its details. */
export const ROLE_REFUSED = "role-refused";
export interface RefusedArgs {
  readonly problem: RoleProblem;
}

/** A role given to the top of a leaderboard: at most this many players. */
export const MAX_TOP = 50;

export interface NewRoleRule {
  readonly guildId: string;
  readonly roleId: string;
  readonly kind: RoleRuleKind;
  /** The ruleset of a rating band, a leaderboard or a ladder; a series champion's, or any (null). */
  readonly ruleset: RulesetId | null;
  /** A band's lowest rating; a leaderboard's top N; a series' first-to (default 6); none for a ladder. */
  readonly value: number | null;
  readonly channelId: string;
  readonly createdBy: string;
}

/** Each rule's value checked and defaulted, or refused with the reason. */
function checked(rule: NewRoleRule): NewRoleRule {
  const { kind, value, ruleset } = rule;
  if (kind !== "series-champion" && ruleset === null) throw new UserError("roles/ruleset-needed");
  if (kind === "rating" && (value === null || value < 0 || value > 4000)) throw new UserError("roles/rating-needed");
  if (kind === "top" && (value === null || value < 1 || value > MAX_TOP)) {
    throw new UserError("roles/top-needed", { max: MAX_TOP });
  }
  if (kind === "series-champion" && value !== null && (value < 1 || value > MAX_FIRST_TO)) {
    throw new UserError("series/first-to", { max: MAX_FIRST_TO });
  }
  return {
    ...rule,
    value: kind === "ladder-top" ? null : kind === "series-champion" ? (value ?? DEFAULT_FIRST_TO) : value,
  };
}

export class RoleRules {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ratings: RatingService,
  ) {}

  /** Sets the rule of a role (replacing the one it had); a failure reported before is forgotten. */
  set(input: NewRoleRule): RoleRuleRow {
    const rule = checked(input);
    const values = { ...rule, createdAt: this.clock.now(), failure: null, failedAt: null };
    return this.db
      .insert(roleRules)
      .values(values)
      .onConflictDoUpdate({ target: [roleRules.guildId, roleRules.roleId], set: values })
      .returning()
      .get();
  }

  /** The role follows nothing any more; Nickar forgets whom it gave it to (and takes it from nobody). */
  remove(guildId: string, roleId: string): void {
    this.db.transaction((tx) => {
      const gone = tx
        .delete(roleRules)
        .where(and(eq(roleRules.guildId, guildId), eq(roleRules.roleId, roleId)))
        .returning()
        .all();
      if (gone.length === 0) throw new UserError("roles/no-rule");
      tx.delete(roleGrants)
        .where(and(eq(roleGrants.guildId, guildId), eq(roleGrants.roleId, roleId)))
        .run();
    }, IMMEDIATE);
  }

  list(guildId: string): RoleRuleRow[] {
    return this.db.select().from(roleRules).where(eq(roleRules.guildId, guildId)).all();
  }

  /** Servers with at least one rule (the start-up pass goes through them). */
  guilds(): string[] {
    return [
      ...new Set(
        this.db
          .select({ g: roleRules.guildId })
          .from(roleRules)
          .all()
          .map((r) => r.g),
      ),
    ];
  }

  /** Who should hold the rule's role now. */
  wanted(rule: RoleRuleRow): Set<string> {
    const { guildId, ruleset, value } = rule;
    if (rule.kind === "ladder-top") {
      const top = this.db
        .select({ userId: ladderRungs.userId })
        .from(ladderRungs)
        .where(and(eq(ladderRungs.guildId, guildId), eq(ladderRungs.ruleset, ruleset!), eq(ladderRungs.rung, 1)))
        .get();
      return new Set(top ? [top.userId] : []);
    }
    if (rule.kind === "series-champion") {
      const last = this.db
        .select({ winnerId: series.winnerId })
        .from(series)
        .where(
          and(
            eq(series.guildId, guildId),
            inArray(series.status, ["finished", "resigned"]),
            isNotNull(series.winnerId),
            eq(series.firstTo, value ?? DEFAULT_FIRST_TO),
            ruleset ? eq(series.ruleset, ruleset) : undefined,
          ),
        )
        .orderBy(desc(series.finishedAt), desc(series.id))
        .get();
      // A forgotten champion's placeholder is no member: nobody holds the role until the next series.
      const winner = last?.winnerId ?? null;
      return new Set(winner && forgottenAmong(this.db, [winner]).size === 0 ? [winner] : []);
    }
    // Ranked players only (provisional ratings are not yet standings).
    const ranked = this.ratings.leaderboard(guildId, ruleset!).entries.filter((e) => e.rank !== null);
    const holders =
      rule.kind === "top"
        ? ranked.filter((e) => e.rank! <= (value ?? 0))
        : ranked.filter((e) => e.rating >= (value ?? 0));
    return new Set(holders.map((e) => e.userId));
  }

  /** Whom Nickar gave the role to. */
  granted(guildId: string, roleId: string): Set<string> {
    return new Set(
      this.db
        .select({ userId: roleGrants.userId })
        .from(roleGrants)
        .where(and(eq(roleGrants.guildId, guildId), eq(roleGrants.roleId, roleId)))
        .all()
        .map((r) => r.userId),
    );
  }

  /** The roles Nickar gave `userId`, in every server (taken back before they are forgotten). */
  grantsOf(userId: string): { guildId: string; roleId: string }[] {
    return this.db
      .select({ guildId: roleGrants.guildId, roleId: roleGrants.roleId })
      .from(roleGrants)
      .where(eq(roleGrants.userId, userId))
      .all();
  }

  recordGranted(guildId: string, roleId: string, userId: string): void {
    this.db
      .insert(roleGrants)
      .values({ guildId, roleId, userId, grantedAt: this.clock.now() })
      .onConflictDoNothing()
      .run();
  }

  recordTaken(guildId: string, roleId: string, userId: string): void {
    this.db
      .delete(roleGrants)
      .where(and(eq(roleGrants.guildId, guildId), eq(roleGrants.roleId, roleId), eq(roleGrants.userId, userId)))
      .run();
  }

  /**
   * Discord refused a change of the rule's role (or Nickar knew it would): the rule is marked failing
   * and no more changes are tried until it is set again. When this is news, the report (once, in the channel
   * where the rule was set) is written to the outbox in the same transaction; true then.
   */
  recordFailure(guildId: string, roleId: string, failure: RoleProblem): boolean {
    const now = this.clock.now();
    return this.db.transaction((tx) => {
      const changed = tx
        .update(roleRules)
        .set({ failure, failedAt: now })
        .where(and(eq(roleRules.guildId, guildId), eq(roleRules.roleId, roleId), isNull(roleRules.failure)))
        .returning()
        .get();
      if (!changed) return false;
      const args: RefusedArgs = { problem: failure };
      // Keyed by the failure's time: a rule set again and refused again is reported again.
      const key = `role:${guildId}:${roleId}:refused:${now}`;
      const where = { guildId, channelId: changed.channelId, subjectId: roleId };
      enqueue(tx, { ...where, key, kind: ROLE_REFUSED, args }, now);
      return true;
    }, IMMEDIATE);
  }
}
