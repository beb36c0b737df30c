/**
 * Which game each player last opened the Activity from (Play on the board), per channel: Discord's
 * LAUNCH_ACTIVITY carries nothing of the message it answered, so the page asks the bot, which shows that
 * game rather than the player's first one in the channel. Kept in memory for a while: after a restart or
 * from the App Launcher the page shows the player's first game, and the page's list offers the others.
 */
export const LAUNCH_KEPT_MS = 10 * 60_000;

export class Launches {
  private readonly byPlayer = new Map<string, { readonly gameId: string; readonly at: number }>();

  constructor(private readonly now: () => number) {}

  opened(userId: string, channelId: string, gameId: string): void {
    const at = this.now();
    // Forget the stale ones as new ones come: the map holds only launches of the last few minutes.
    for (const [key, launch] of this.byPlayer) if (at - launch.at > LAUNCH_KEPT_MS) this.byPlayer.delete(key);
    this.byPlayer.set(`${userId}:${channelId}`, { gameId, at });
  }

  /** The game `userId` last opened the Activity from in `channelId`, lately; null when none. */
  last(userId: string, channelId: string): string | null {
    const launch = this.byPlayer.get(`${userId}:${channelId}`);
    return launch && this.now() - launch.at <= LAUNCH_KEPT_MS ? launch.gameId : null;
  }
}
