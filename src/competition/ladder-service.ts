/** The ladder commands: show, join, leave (challenges go through the challenge service and its hooks). */
import type { Clock } from "../clock.ts";
import { type Db, IMMEDIATE } from "../db/client.ts";
import type { LadderRungRow } from "../db/schema.ts";
import type { RulesetId } from "../engine/index.ts";
import { UserError } from "../errors.ts";
import type { GuildSettings, SettingsService } from "../games/settings.ts";
import { term } from "../i18n/index.ts";
import { RULESET_NAME } from "../i18n/terms.ts";
import { joinLadder, type LadderKey, laddersIn, laddersOf, leaveLadder, refreshLadder } from "./ladder-store.ts";

export interface LadderView {
  readonly rungs: readonly LadderRungRow[];
  /** Players dropped for inactivity while reading it. */
  readonly dropped: readonly string[];
}

/** Refuses when the server has the ladder switched off; else the days after which idle players drop. */
export function requireLadder(s: GuildSettings): { inactiveDays: number } {
  if (!s.ladderEnabled) {
    throw new UserError("ladder/off");
  }
  return { inactiveDays: s.ladderInactiveDays };
}

export class LadderService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
  ) {}

  show(key: LadderKey): LadderView {
    const now = this.clock.now();
    return this.db.transaction((tx) => {
      const { inactiveDays } = requireLadder(this.settings.get(key.guildId, tx));
      const { rows, dropped } = refreshLadder(tx, key, now, inactiveDays);
      return { rungs: rows, dropped };
    }, IMMEDIATE);
  }

  join(key: LadderKey, userId: string): { rung: number; joined: boolean } {
    const now = this.clock.now();
    return this.db.transaction((tx) => {
      const { inactiveDays } = requireLadder(this.settings.get(key.guildId, tx));
      const { rows } = refreshLadder(tx, key, now, inactiveDays);
      return joinLadder(tx, key, rows, userId, now);
    }, IMMEDIATE);
  }

  leave(key: LadderKey, userId: string): void {
    const now = this.clock.now();
    this.db.transaction((tx) => {
      const { inactiveDays } = requireLadder(this.settings.get(key.guildId, tx));
      const { rows } = refreshLadder(tx, key, now, inactiveDays);
      if (!leaveLadder(tx, key, rows, userId)) {
        throw new UserError("ladder/not-joined", { ruleset: term(RULESET_NAME[key.ruleset]) });
      }
    }, IMMEDIATE);
  }

  /** The server's ladders that `userId` is on (`mine`), and every ladder the server has (`here`). */
  laddersFor(guildId: string, userId: string): { mine: readonly RulesetId[]; here: readonly RulesetId[] } {
    return { mine: laddersOf(this.db, guildId, userId), here: laddersIn(this.db, guildId) };
  }
}
