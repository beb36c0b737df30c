/**
 * The challenge ladders in the database: one per server and ruleset, rung 1 at the top. Every change
 * reads the rungs (`refreshLadder`, which first drops the inactive players), applies a pure function
 * of `ladder.ts` and writes them back, inside the caller's transaction.
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { challenges, games, type LadderRungRow, ladderRungs } from "../db/schema.ts";
import type { RulesetId } from "../engine/index.ts";
import { type ErrorCode, UserError } from "../errors.ts";
import { term, user } from "../i18n/index.ts";
import { RULESET_NAME } from "../i18n/terms.ts";
import {
  afterForfeit,
  afterLadderGame,
  challengeRefusal,
  DEFAULT_REACH,
  dropInactive,
  leave,
  rungOf,
} from "./ladder.ts";
import { inScope, type RulesetScope } from "./scope.ts";

/** How long the challenged player has to answer a ladder challenge before it counts as their loss. */
export const LADDER_ANSWER_MS = 48 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export type LadderKey = RulesetScope;

/** The rulesets of the server's ladders that `userId` is on (inactive players not yet dropped included). */
export function laddersOf(tx: Tx | Db, guildId: string, userId: string): RulesetId[] {
  const rows = tx
    .selectDistinct({ ruleset: ladderRungs.ruleset })
    .from(ladderRungs)
    .where(and(eq(ladderRungs.guildId, guildId), eq(ladderRungs.userId, userId)))
    .orderBy(asc(ladderRungs.ruleset))
    .all();
  return rows.map((r) => r.ruleset);
}

/** The rulesets of the server's ladders that anyone is on. */
export function laddersIn(tx: Tx | Db, guildId: string): RulesetId[] {
  const rows = tx
    .selectDistinct({ ruleset: ladderRungs.ruleset })
    .from(ladderRungs)
    .where(eq(ladderRungs.guildId, guildId))
    .orderBy(asc(ladderRungs.ruleset))
    .all();
  return rows.map((r) => r.ruleset);
}

export function readRungs(tx: Tx, key: LadderKey): LadderRungRow[] {
  return tx.select().from(ladderRungs).where(inScope(ladderRungs, key)).orderBy(asc(ladderRungs.rung)).all();
}

/**
 * Writes the ladder in `order`, keeping each player's join and activity times from `rows`; returns
 * the rows as written.
 */
function writeRungs(tx: Tx, key: LadderKey, order: readonly string[], rows: readonly LadderRungRow[]): LadderRungRow[] {
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  const written = order.flatMap((userId) => byUser.get(userId) ?? []).map((row, i) => ({ ...row, rung: i + 1 }));
  tx.delete(ladderRungs).where(inScope(ladderRungs, key)).run();
  for (const row of written) tx.insert(ladderRungs).values(row).run();
  return written;
}

/** Players in a ladder game or with a pending ladder challenge: busy, so never idle. */
function busyPlayers(tx: Tx, key: LadderKey): Set<string> {
  const busy = new Set<string>();
  const playing = tx
    .select({ south: games.southId, north: games.northId })
    .from(games)
    .where(and(inScope(games, key), eq(games.status, "active"), isNotNull(games.ladderChallengerId)))
    .all();
  for (const g of playing) busy.add(g.south).add(g.north);
  const pending = tx
    .select({ from: challenges.challengerId, to: challenges.opponentId })
    .from(challenges)
    .where(and(inScope(challenges, key), eq(challenges.kind, "ladder"), eq(challenges.status, "pending")))
    .all();
  for (const c of pending) {
    busy.add(c.from);
    if (c.to) busy.add(c.to);
  }
  return busy;
}

/**
 * Drops the players idle for longer than `inactiveDays`; returns the ladder after that and who dropped.
 * `spared` count as busy this once (the two sides of a challenge being settled right now).
 */
export function refreshLadder(
  tx: Tx,
  key: LadderKey,
  now: number,
  inactiveDays: number,
  spared: readonly string[] = [],
): { rows: LadderRungRow[]; dropped: string[] } {
  const rows = readRungs(tx, key);
  const busy = busyPlayers(tx, key);
  for (const userId of spared) busy.add(userId);
  const lastActive = new Map(rows.map((r) => [r.userId, busy.has(r.userId) ? now : r.lastActiveAt]));
  const result = dropInactive(
    rows.map((r) => r.userId),
    lastActive,
    now,
    inactiveDays * DAY_MS,
  );
  if (result.dropped.length === 0) return { rows, dropped: [] };
  return { rows: writeRungs(tx, key, result.rungs, rows), dropped: result.dropped };
}

export function touch(tx: Tx, key: LadderKey, users: readonly string[], now: number): void {
  for (const userId of users) {
    tx.update(ladderRungs)
      .set({ lastActiveAt: now })
      .where(and(inScope(ladderRungs, key), eq(ladderRungs.userId, userId)))
      .run();
  }
}

/** Adds a player at the bottom of `rows` (the ladder as it is now); returns their rung (unchanged if already on). */
export function joinLadder(
  tx: Tx,
  key: LadderKey,
  rows: readonly LadderRungRow[],
  userId: string,
  now: number,
): { rung: number; joined: boolean } {
  const existing = rows.find((r) => r.userId === userId);
  if (existing) {
    touch(tx, key, [userId], now);
    return { rung: existing.rung, joined: false };
  }
  const rung = rows.length + 1;
  tx.insert(ladderRungs)
    .values({ ...key, userId, rung, joinedAt: now, lastActiveAt: now })
    .run();
  return { rung, joined: true };
}

/** Removes a player from `rows` (the ladder as it is now); those below move up one. */
export function leaveLadder(tx: Tx, key: LadderKey, rows: readonly LadderRungRow[], userId: string): boolean {
  const order = rows.map((r) => r.userId);
  if (!order.includes(userId)) return false;
  writeRungs(tx, key, leave(order, userId), rows);
  return true;
}

type Refusal = NonNullable<ReturnType<typeof challengeRefusal>>;

/** Each refusal's code when the challenge is made, and when it is accepted after the rungs changed. */
const REFUSALS = {
  made: {
    "not-on-ladder": "ladder/not-on-ladder",
    "target-not-on-ladder": "ladder/target-not-on-ladder",
    "not-above": "ladder/not-above",
    "out-of-reach": "ladder/out-of-reach",
  },
  accepted: {
    "not-on-ladder": "ladder/changed-not-on-ladder",
    "target-not-on-ladder": "ladder/changed-target-not-on-ladder",
    "not-above": "ladder/changed-not-above",
    "out-of-reach": "ladder/changed-out-of-reach",
  },
} as const satisfies Record<string, Record<Refusal, ErrorCode>>;

/**
 * Refuses what the rules do not allow on the rungs `order`; `mine` is the rung of the player told
 * (the challenger when it is made, the target when it is accepted), `theirs` the other's.
 */
function refuseLadder(
  when: keyof typeof REFUSALS,
  key: LadderKey,
  order: readonly string[],
  challenger: string,
  target: string,
): void {
  const refusal = challengeRefusal(order, challenger, target);
  if (refusal === null) return;
  const [me, them] = when === "made" ? [challenger, target] : [target, challenger];
  throw new UserError(REFUSALS[when][refusal], {
    ruleset: term(RULESET_NAME[key.ruleset]),
    target: user(target),
    challenger: user(challenger),
    mine: rungOf(order, me) ?? 0,
    theirs: rungOf(order, them) ?? 0,
    reach: DEFAULT_REACH,
  });
}

/** Refuses a ladder challenge the rules do not allow on the rungs `order` (a UserError saying why). */
export function checkLadderChallenge(
  key: LadderKey,
  order: readonly string[],
  challenger: string,
  target: string,
): void {
  refuseLadder("made", key, order, challenger, target);
}

/**
 * Refuses to start a ladder game whose challenge the ladder no longer allows: the rungs may have
 * changed since it was made (the target climbed, someone left). Said to the target, who is accepting;
 * declining such a challenge, or letting it expire, no longer counts as a loss (`afterForfeit`).
 */
export function checkLadderAccept(key: LadderKey, order: readonly string[], challenger: string, target: string): void {
  refuseLadder("accepted", key, order, challenger, target);
}

/** How a ladder challenge was decided. */
export type LadderOutcome =
  | { readonly kind: "game"; readonly challengerWon: boolean }
  /** The challenged player declined: a loss for them. */
  | { readonly kind: "declined" }
  /** The challenged player did not answer in time: a loss for them. */
  | { readonly kind: "expired" };

/**
 * A ladder challenge has been decided, by a game or by the challenged player declining or letting it
 * expire. Inside the caller's transaction:
 * 1. activity: both players of a game, and a target who declined (answering), are active now; the
 *    challenger too, whose challenge was pending until now. A target who never answered is not;
 * 2. the idle players drop off (as whenever a ladder changes); the two sides are spared this once,
 *    since their challenge was pending until now (a silent target drops at the next check if idle);
 * 3. the result is applied to the rungs as they are now (`afterLadderGame`, `afterForfeit`).
 * Returns the challenger's rung before and after the result, and who dropped for inactivity.
 */
export function settleLadder(
  tx: Tx,
  key: LadderKey,
  challenger: string,
  target: string,
  outcome: LadderOutcome,
  now: number,
  inactiveDays: number,
): { before: number | null; after: number | null; dropped: string[] } {
  touch(tx, key, outcome.kind === "expired" ? [challenger] : [challenger, target], now);
  const { rows, dropped } = refreshLadder(tx, key, now, inactiveDays, [challenger, target]);
  const order = rows.map((r) => r.userId);
  const next =
    outcome.kind === "game"
      ? afterLadderGame(order, challenger, target, outcome.challengerWon)
      : afterForfeit(order, challenger, target);
  if (next.some((u, i) => u !== order[i])) writeRungs(tx, key, next, rows);
  return { before: rungOf(order, challenger), after: rungOf(next, challenger), dropped };
}
