import { describe, expect, it } from "vitest";
import { latestEdits } from "../../src/interactions/reply.ts";

const edit = (messageId: string, content: string) => ({ ref: { channelId: "c", messageId }, reply: { content } });

describe("latestEdits", () => {
  it("latestEdits - one edit per message, the last asked for, in the order of the last ones - a message edited twice", () => {
    expect(latestEdits([edit("a", "1"), edit("b", "2"), edit("a", "3")])).toEqual([edit("b", "2"), edit("a", "3")]);
  });
});
