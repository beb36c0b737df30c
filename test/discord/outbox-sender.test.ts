// The outbox's sender against a real SQLite database and a recording messenger that honours Discord's
// enforced nonce: at least once from the table, once in the channel, in the order decided.
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { enqueue, forgetOutboxUser, type OutboxItem } from "../../src/db/outbox.ts";
import type { DueContext } from "../../src/discord/due-job.ts";
import { nonceOf, type OutboxKind, OWNER_GRACE, outboxJob } from "../../src/discord/outbox-sender.ts";
import { ALICE, CHANNEL, GUILD, setup, type World } from "../support/helpers.ts";
import { type Recorder, recordingMessenger } from "../support/recorder.ts";

let w: World;
let rec: Recorder;
beforeEach(() => {
  w = setup();
  rec = recordingMessenger();
});
afterEach(() => w.close());

/** A kind that posts the row's key as its text; its first `failures` sends fail. */
function textKind(failures = 0): OutboxKind {
  let left = failures;
  return {
    kind: "text",
    async send({ messenger }, row, nonce) {
      if (left-- > 0) throw new Error("Discord is down");
      return messenger.send(row.channelId, { content: row.key }, nonce());
    },
  };
}

const item = (key: string, extra: Partial<OutboxItem> = {}): OutboxItem => ({
  key,
  kind: "text",
  guildId: GUILD,
  channelId: CHANNEL,
  subjectId: "t1",
  ...extra,
});

const ctx = (startedAt = 0): DueContext => ({
  app: w.app,
  messenger: rec.messenger,
  logger: pino({ level: "silent" }),
  unpostedUntil: 0,
  startedAt,
});

const texts = () => rec.sent.map((s) => s.reply.content);

describe("outbox sender", () => {
  it("outbox - a decision written twice is sent once, marked sent, not sent again - two sweeps", async () => {
    const job = outboxJob([textKind()]);
    enqueue(w.db(), item("round:1"), w.clock.now());
    expect(enqueue(w.db(), item("round:1"), w.clock.now())).toBe(false);
    expect(await job.run(ctx())).toBe(0);
    expect(await job.run(ctx())).toBe(0);
    expect(texts()).toEqual(["round:1"]);
    expect(w.app.outbox.isSent("round:1")).toBe(true);
    expect(job.nextDue(ctx())).toBeNull();
  });

  it("outbox - a failed send is retried at its time and goes out once - Discord down once", async () => {
    const job = outboxJob([textKind(1)]);
    enqueue(w.db(), item("final"), w.clock.now());
    expect(await job.run(ctx())).toBe(1);
    expect(texts()).toEqual([]);
    const retryAt = job.nextDue(ctx())!;
    expect(retryAt).toBeGreaterThan(w.clock.now());
    expect(await job.run(ctx())).toBe(0);
    expect(texts()).toEqual([]);
    w.clock.advance(retryAt - w.clock.now());
    await job.run(ctx());
    expect(texts()).toEqual(["final"]);
  });

  it("outbox - a post sent but not marked before a crash is not made twice - the nonce", async () => {
    const job = outboxJob([textKind()]);
    enqueue(w.db(), item("final"), w.clock.now());
    // Sent by the process that crashed before marking it: the same nonce.
    const [first] = w.app.outbox.unsent();
    await rec.messenger.send(CHANNEL, { content: "final" }, nonceOf(first.key));
    await job.run(ctx());
    expect(texts()).toEqual(["final"]);
    expect(w.app.outbox.isSent("final")).toBe(true);
  });

  it("outbox - what follows a post its poster makes waits for it, then its grace - the final standings after the ending", async () => {
    const job = outboxJob([textKind()]);
    const now = w.clock.now();
    enqueue(w.db(), item("game:g1:ending", { ownerFirst: true }), now);
    enqueue(w.db(), item("final", { afterKey: "game:g1:ending" }), now);
    await job.run(ctx());
    // The ending's poster has its grace: nothing goes, the final standings wait for the ending.
    expect(texts()).toEqual([]);
    expect(job.nextDue(ctx())).toBe(now + OWNER_GRACE);
    // The poster told it: the final standings go.
    w.app.outbox.markSent("game:g1:ending", now);
    await job.run(ctx());
    expect(texts()).toEqual(["final"]);
  });

  it("outbox - a poster that crashed: after a restart its post goes first, then what follows - start-up", async () => {
    const job = outboxJob([textKind()]);
    const now = w.clock.now();
    enqueue(w.db(), item("game:g1:ending", { ownerFirst: true }), now);
    enqueue(w.db(), item("final", { afterKey: "game:g1:ending" }), now);
    await job.run(ctx(now + 1));
    expect(texts()).toEqual(["game:g1:ending", "final"]);
  });

  it("outbox - forget-me deletes the posts naming the user, sent or not - a withdrawal", () => {
    enqueue(w.db(), item("withdrawn", { userId: ALICE }), w.clock.now());
    enqueue(w.db(), item("final"), w.clock.now());
    forgetOutboxUser(w.db(), ALICE);
    expect(w.app.outbox.unsent().map((r) => r.key)).toEqual(["final"]);
  });
});
