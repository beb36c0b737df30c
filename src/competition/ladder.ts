/**
 * The classic community challenge ladder, as pure functions over the rungs (user ids, top first).
 * A player may challenge anyone up to `reach` rungs above; when the lower player wins they take the
 * higher rung and everyone in between moves down one.
 */

export const DEFAULT_REACH = 3;

export type LadderRefusal = "not-on-ladder" | "target-not-on-ladder" | "not-above" | "out-of-reach";

/** 1-based rung of `user`, or null. */
export function rungOf(rungs: readonly string[], user: string): number | null {
  const i = rungs.indexOf(user);
  return i < 0 ? null : i + 1;
}

export function join(rungs: readonly string[], user: string): string[] {
  return rungs.includes(user) ? [...rungs] : [...rungs, user];
}

export function leave(rungs: readonly string[], user: string): string[] {
  return rungs.filter((u) => u !== user);
}

/** Why `challenger` may not challenge `target`, or null when they may. */
export function challengeRefusal(
  rungs: readonly string[],
  challenger: string,
  target: string,
  reach = DEFAULT_REACH,
): LadderRefusal | null {
  const from = rungOf(rungs, challenger);
  const to = rungOf(rungs, target);
  if (from === null) return "not-on-ladder";
  if (to === null) return "target-not-on-ladder";
  if (to >= from) return "not-above";
  if (from - to > reach) return "out-of-reach";
  return null;
}

/**
 * The rungs after a ladder game, on the ladder as it is when the game ends: a winning challenger
 * takes the target's current rung if the target is still above them (and everyone in between moves
 * down one); otherwise, and after a defence or a draw, nothing changes.
 */
export function afterLadderGame(
  rungs: readonly string[],
  challenger: string,
  target: string,
  challengerWon: boolean,
): string[] {
  const from = rungs.indexOf(challenger);
  const to = rungs.indexOf(target);
  if (!challengerWon || from < 0 || to < 0 || to >= from) return [...rungs];
  const next = [...rungs];
  next.splice(from, 1);
  next.splice(to, 0, challenger);
  return next;
}

/**
 * The rungs after the challenged player declined or let the challenge expire (a loss for them). It
 * is judged on the ladder as it is now: if the challenge would no longer be allowed (the target
 * climbed out of reach or is no longer above, someone left), nothing moves, so a forfeit never gives
 * more than a game could have.
 */
export function afterForfeit(
  rungs: readonly string[],
  challenger: string,
  target: string,
  reach = DEFAULT_REACH,
): string[] {
  if (challengeRefusal(rungs, challenger, target, reach) !== null) return [...rungs];
  return afterLadderGame(rungs, challenger, target, true);
}

/** Removes players whose last ladder activity is older than `maxIdleMs`; those below move up. */
export function dropInactive(
  rungs: readonly string[],
  lastActive: ReadonlyMap<string, number>,
  now: number,
  maxIdleMs: number,
): { rungs: string[]; dropped: string[] } {
  const dropped = rungs.filter((u) => now - (lastActive.get(u) ?? 0) > maxIdleMs);
  return { rungs: rungs.filter((u) => !dropped.includes(u)), dropped };
}
