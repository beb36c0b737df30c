/** Per-player choices that hold in every server: how Nickar tells them it is their move. */
import { eq, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { builtOnce, type Db } from "../db/client.ts";
import { type NotifyChoice, players } from "../db/schema.ts";

export const DEFAULT_NOTIFY: NotifyChoice = "channel";

// Read for both players at every move: built once (builtOnce).
const notifyOf = builtOnce((db) =>
  db
    .select({ notify: players.notify })
    .from(players)
    .where(eq(players.userId, sql.placeholder("userId")))
    .prepare(),
);

export class PlayerSettings {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** How `userId` wants to hear of their turn (the channel unless they chose otherwise). */
  notify(userId: string): NotifyChoice {
    return notifyOf(this.db).get({ userId })?.notify ?? DEFAULT_NOTIFY;
  }

  /** The choice of each of `userIds`, read once. */
  notifyAll(userIds: readonly string[]): Map<string, NotifyChoice> {
    return new Map(userIds.map((id) => [id, this.notify(id)]));
  }

  setNotify(userId: string, notify: NotifyChoice): void {
    const updatedAt = this.clock.now();
    this.db
      .insert(players)
      .values({ userId, notify, updatedAt })
      .onConflictDoUpdate({ target: players.userId, set: { notify, updatedAt } })
      .run();
  }
}
