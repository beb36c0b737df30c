/**
 * A permission taken away in the middle of a game: Discord refuses the bot's edit or post in the
 * game's channel (Missing Access, Missing Permissions). Retrying in silence helps nobody, so the
 * players of every game in that channel are told once, by direct message (the channel is what
 * failed), what is missing and who can fix it; the game itself goes on (its buttons still work:
 * interaction answers need no channel permission). "Once" is per game and kept in `bot_state`, so
 * a restart does not tell them again.
 */
import type { Clock } from "../clock.ts";
import { readState, writeState } from "../db/bot-state.ts";
import { type Db, retryWhileBusy } from "../db/client.ts";
import type { GameService } from "../games/service.ts";
import { CHANNEL_NEEDS, missingNeeds } from "../interactions/permissions.ts";
import type { Logger } from "../logger.ts";
import type { Messenger } from "./messenger.ts";

/** The `bot_state` key that says the players of `gameId` were told. */
export const lostKey = (gameId: string) => `permissions-lost:${gameId}`;

export class LostPermissions {
  constructor(
    private readonly db: Db,
    private readonly games: GameService,
    private readonly messenger: Pick<Messenger, "direct">,
    /** The bot's permissions in a channel as the client's cache knows them; null when unknown. */
    private readonly permissionsIn: (channelId: string) => bigint | null,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** Discord refused a message in `channelId`: tell the players of its games, once per game. */
  async refused(channelId: string): Promise<void> {
    try {
      const missing = missingNeeds(this.permissionsIn(channelId));
      const names = (missing.length > 0 ? missing : CHANNEL_NEEDS).map((n) => `**${n.name}**`).join(", ");
      const what =
        missing.length > 0 ? `Nickar is missing the ${names} permission there` : `Nickar needs ${names} there`;
      for (const game of this.games.activeInChannel(channelId)) {
        // Claimed before any await, so two refusals at once tell the players one time.
        const told = await retryWhileBusy(() => this.claim(game.id), { giveUpMs: 60_000 });
        if (told) continue;
        this.logger.warn({ game: game.id, channelId }, "lost a permission in a game's channel; telling the players");
        const text = [
          `I can no longer post in <#${channelId}>, where your game \`${game.id}\` is played: ${what}.`,
          "The buttons on the board still work, but updates and turn notices cannot be posted there.",
          "Ask a server admin to fix Nickar's permissions in that channel (or its role).",
        ].join("\n");
        for (const userId of [game.southId, game.northId]) {
          const sent = await this.messenger.direct(userId, { content: text });
          if (!sent) this.logger.info({ userId, game: game.id }, "could not tell a player about the lost permission");
        }
      }
    } catch (err) {
      this.logger.error({ err, channelId }, "could not report a lost permission");
    }
  }

  /** Marks the game as reported; returns whether it already was. */
  private claim(gameId: string): boolean {
    if (readState(this.db, lostKey(gameId)) !== null) return true;
    writeState(this.db, lostKey(gameId), this.clock.now());
    return false;
  }
}
