/**
 * Keeps the roles that follow the standings in step (issue #24): after anything changed (a rated game, a
 * ladder move, a series' end, a new season, a void, a forget-me: the bot's change signal), each rule's
 * role is given to those who qualify now and taken from those Nickar gave it to who no longer do; at
 * start-up a full pass reads each concerned member from Discord and mends what drifted while the bot was
 * down (or was changed by hand). One change at a time: discord.js queues them under Discord's rate limits.
 *
 * Before each change it checks what Discord would refuse (Manage Roles, the role order: `roleProblem`);
 * a refusal, checked or Discord's own (50013 Missing Permissions, 10011 Unknown Role), stops the rule and
 * is reported once, in plain words, in the channel where the rule was set (through the outbox, written with the
 * stop: a crash loses no report). It is never retried in silence:
 * setting the rule again starts it afresh.
 */
import { DiscordAPIError, type REST, Routes } from "discord.js";
import type { RoleRuleRow } from "../../db/schema.ts";
import { JobLoop } from "../../discord/job-loop.ts";
import type { App } from "../../interactions/context.ts";
import type { Logger } from "../../logger.ts";
import type { RoleProblem } from "../role-rules.ts";

/** Discord's codes for a refused role change, and what each means. */
const REFUSALS: Readonly<Record<number, RoleProblem>> = {
  50013: "above-nickar",
  50001: "no-manage-roles",
  10011: "unknown-role",
};
/** A change through Discord: done, the member is gone (left the server), or refused (the rule is then stopped). */
type Change = "done" | "gone" | "refused";
/** Unknown Member: the player left the server; their grant is forgotten. */
const UNKNOWN_MEMBER = 10007;

export class RoleKeeper {
  private readonly loop: JobLoop;
  /** The next pass is the start-up one (each concerned member read from Discord). */
  private full = false;
  /** Members who left the server ("guild:user"): not asked again until they are seen in a change that works. */
  private readonly gone = new Set<string>();
  /** Players being forgotten (`forgetting`), with how many asks: no role is given to them meanwhile. */
  private readonly forgotten = new Map<string, number>();
  /** The change under way through Discord, with its record: one at a time (settled, never rejected). */
  private changing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly app: App,
    private readonly rest: Pick<REST, "put" | "delete" | "get">,
    private readonly logger: Logger,
    /** Whether this process looks after the server (with sharding: the shard that holds it). */
    private readonly owns: (guildId: string) => boolean = () => true,
    /** A refusal's report was written to the outbox: its sender should look (the scheduler's poke). */
    private readonly decided: () => void = () => {},
  ) {
    this.loop = new JobLoop({
      pass: () => {
        const full = this.full;
        this.full = false;
        return this.pass(full);
      },
      // A failure is logged, the next change tries again.
      onError: (err) => this.logger.error({ err }, "could not keep the roles in step"),
    });
  }

  /** Something changed: a pass soon (one at a time; a poke during a pass asks for one more after it). */
  poke(): void {
    this.loop.poke();
  }

  /** The start-up pass: each concerned member read from Discord, and what drifted mended (after any pass under way). */
  mend(): Promise<void> {
    if (this.loop.stopped) return Promise.resolve();
    this.full = true;
    this.loop.poke();
    return this.loop.idle();
  }

  /** Waits for the pass under way (tests, and a clean stop). */
  idle(): Promise<void> {
    return this.loop.idle();
  }

  /** No pass starts any more; the one under way finishes (within `waitMs`) before the database closes. */
  stop(waitMs = 5_000): Promise<void> {
    return this.loop.stopAndWait(waitMs);
  }

  /**
   * `/nickar forget-me`: every role Nickar gave `userId`, in every server, taken back through Discord, then
   * `forget` run (the transaction that deletes the record of those roles with the rest of their data), so no
   * role of Nickar's stays with a player it no longer knows. It does not wait for a pass under way (the player
   * waits for the answer): a pass that read the standings before the forget could still see them qualify, so
   * until every such pass is over no role is given to them; a change already under way is recorded first.
   * A role Discord refuses to take back stops its rule, as in a pass, and the forget goes on; any other error
   * (Discord unreachable) is thrown before anything is forgotten.
   */
  async forgetting<T>(userId: string, forget: () => T): Promise<T> {
    this.forgotten.set(userId, (this.forgotten.get(userId) ?? 0) + 1);
    try {
      await this.changing;
      for (const { guildId, roleId } of this.app.roles.grantsOf(userId)) {
        const rule = this.app.roles.list(guildId).find((r) => r.roleId === roleId);
        if (rule) await this.apply("delete", rule, userId);
      }
      return forget();
    } finally {
      void this.idle().then(() => {
        const asks = (this.forgotten.get(userId) ?? 1) - 1;
        if (asks > 0) this.forgotten.set(userId, asks);
        else this.forgotten.delete(userId);
      });
    }
  }

  private async pass(full: boolean): Promise<void> {
    for (const guildId of this.app.roles.guilds()) {
      if (this.loop.stopped) return;
      if (!this.owns(guildId)) continue;
      for (const rule of this.app.roles.list(guildId)) {
        if (rule.failure) continue;
        try {
          await this.keep(rule, full);
        } catch (err) {
          this.logger.warn(
            { err, guild: guildId, role: rule.roleId },
            "could not keep a role in step; the next pass tries again",
          );
        }
      }
    }
  }

  /** One rule: give the role to those who qualify and lack it, take it from those Nickar gave it to who no longer do. */
  private async keep(rule: RoleRuleRow, full: boolean): Promise<void> {
    const { guildId, roleId } = rule;
    const wanted = this.app.roles.wanted(rule);
    const granted = this.app.roles.granted(guildId, roleId);
    const give = [...wanted].filter((id) => !granted.has(id));
    const take = [...granted].filter((id) => !wanted.has(id));
    // At start-up also those Nickar believes in step: a role taken by hand while it was down is given back.
    const check = full ? [...wanted].filter((id) => granted.has(id)) : [];
    if (give.length + take.length + check.length === 0) return;
    const problem = this.app.roleProblem(guildId, roleId);
    if (problem) return this.halt(rule, problem);
    for (const userId of [...give, ...check]) {
      if (!full && this.gone.has(`${guildId}:${userId}`)) continue;
      // At start-up a member who holds the role already keeps it: as Nickar's when it gave it, else as the
      // admin's (given by hand), which Nickar will never take away.
      if (full && (await this.holds(guildId, userId, roleId))) continue;
      if ((await this.apply("put", rule, userId)) === "refused") return;
    }
    for (const userId of take) {
      if ((await this.apply("delete", rule, userId)) === "refused") return;
    }
  }

  /**
   * One change through Discord and its record (given: Nickar's grant; taken: forgotten), tracked as the change
   * under way. A role is never given to a player being forgotten.
   */
  private apply(method: "put" | "delete", rule: RoleRuleRow, userId: string): Promise<Change | "skipped"> {
    const { guildId, roleId } = rule;
    const run = (async () => {
      if (method === "put" && this.forgotten.has(userId)) return "skipped";
      const done = await this.change(method, rule, userId);
      if (method === "put" && done === "gone") this.gone.add(`${guildId}:${userId}`);
      else if (method === "put" && done === "done") this.app.roles.recordGranted(guildId, roleId, userId);
      else if (done !== "refused") this.app.roles.recordTaken(guildId, roleId, userId);
      return done;
    })();
    this.changing = run.catch(() => undefined);
    return run;
  }

  /** Whether the member has the role now (Discord's word); false when they left. */
  private async holds(guildId: string, userId: string, roleId: string): Promise<boolean> {
    try {
      const member = (await this.rest.get(Routes.guildMember(guildId, userId))) as { roles?: string[] };
      return member.roles?.includes(roleId) ?? false;
    } catch (err) {
      if (err instanceof DiscordAPIError && err.code === UNKNOWN_MEMBER) return false;
      throw err;
    }
  }

  /** One change through Discord: done, the member is gone (left the server), or refused (the rule is then stopped). */
  private async change(method: "put" | "delete", rule: RoleRuleRow, userId: string): Promise<Change> {
    const { guildId, roleId } = rule;
    try {
      await this.rest[method](Routes.guildMemberRole(guildId, userId, roleId), {
        reason: "Nickar: the role follows the standings (/nickar-admin roles)",
      });
      this.gone.delete(`${guildId}:${userId}`);
      return "done";
    } catch (err) {
      if (!(err instanceof DiscordAPIError)) throw err;
      // A player who left: nothing to give or take; a grant is forgotten.
      if (err.code === UNKNOWN_MEMBER) {
        this.app.roles.recordTaken(guildId, roleId, userId);
        return "gone";
      }
      const problem = REFUSALS[Number(err.code)];
      if (!problem) throw err;
      this.halt(rule, this.app.roleProblem(guildId, roleId) ?? problem);
      return "refused";
    }
  }

  /**
   * The rule stops, and the channel where it was set is told why, once: the report is written with the stop (the
   * outbox sends it, src/competition/jobs/role-refused-posts.ts), and the outbox is told there is something to send.
   */
  private halt(rule: RoleRuleRow, problem: RoleProblem): void {
    const { guildId, roleId } = rule;
    if (!this.app.roles.recordFailure(guildId, roleId, problem)) return;
    this.logger.warn({ guild: guildId, role: roleId, problem }, "a role change was refused; the rule is stopped");
    this.decided();
  }
}
