import { describe, expect, it } from "vitest";
import type { DiscordHttpError } from "../src/errors.ts";
import { FLAGS_ALLOWED, validateMessage } from "../src/message-validate.ts";

const limits = { maxAttachments: 10 };
const button = (custom_id: string, label = "B") => ({ type: 2, style: 1, custom_id, label });
const rowOf = (...components: unknown[]) => ({ type: 1, components });

function errorOf(
  body: Record<string, unknown>,
  creating = true,
  flags: number = FLAGS_ALLOWED.channelMessage,
): DiscordHttpError | undefined {
  try {
    validateMessage(body, [], { creating, limits, flags });
    return undefined;
  } catch (error) {
    return error as DiscordHttpError;
  }
}

describe("message validation", () => {
  it("flags - only those the endpoint takes - ephemeral on a channel message, suppress on a deferred reply", () => {
    expect(errorOf({ content: "x", flags: 64 })?.body.errors).toEqual({
      flags: { _errors: [{ code: "MESSAGE_FLAGS_INVALID", message: "Invalid flags: 64 cannot be set here." }] },
    });
    expect(errorOf({ content: "x", flags: 64 }, true, FLAGS_ALLOWED.interactionMessage)).toBeUndefined();
    expect(errorOf({ content: "x", flags: 4096 }, true, FLAGS_ALLOWED.deferredReply)?.body.code).toBe(50035);
    expect(errorOf({ content: "x", flags: 4 }, false, FLAGS_ALLOWED.edit)).toBeUndefined();
    expect(errorOf({ content: "x", flags: 64 }, false, FLAGS_ALLOWED.edit)?.body.code).toBe(50035);
  });

  it("allowed_mentions - 50035 on allowed_mentions with Discord's words - parse users together with users", () => {
    expect(errorOf({ content: "x", allowed_mentions: { parse: ["users"], users: ["1"] } })?.body).toEqual({
      code: 50035,
      message: "Invalid Form Body",
      errors: {
        allowed_mentions: {
          _errors: [
            {
              code: "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
              message: 'parse:["users"] and users: [ids...] are mutually exclusive.',
            },
          ],
        },
      },
    });
    expect(errorOf({ content: "x", allowed_mentions: { parse: ["roles"], users: ["1"] } })).toBeUndefined();
  });

  it("buttons - a label or an emoji, a url only on a link button - bare and mixed buttons", () => {
    const bare = { type: 2, style: 1, custom_id: "a" };
    expect(errorOf({ components: [rowOf(bare)] })?.body.errors).toMatchObject({
      components: { 0: { components: { 0: { _errors: [{ code: "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED" }] } } } },
    });
    expect(errorOf({ components: [rowOf({ ...bare, emoji: { name: "🎲" } })] })).toBeUndefined();
    const urlOnPrimary = { ...button("a"), url: "https://example.com" };
    expect(errorOf({ components: [rowOf(urlOnPrimary)] })?.body.errors).toMatchObject({
      components: { 0: { components: { 0: { url: { _errors: [{ code: "BUTTON_COMPONENT_URL_NOT_ALLOWED" }] } } } } },
    });
  });

  it("validate - accepts a normal board message - five rows of five buttons", () => {
    const rows = Array.from({ length: 5 }, (_, r) =>
      rowOf(...Array.from({ length: 5 }, (_, b) => button(`p${r}${b}`))),
    );
    expect(errorOf({ content: "ok", components: rows })).toBeUndefined();
  });

  it("validate - rejects six buttons in a row - BASE_TYPE_BAD_LENGTH", () => {
    const error = errorOf({ components: [rowOf(...Array.from({ length: 6 }, (_, b) => button(`b${b}`)))] });
    expect(error?.body.code).toBe(50035);
    expect(error?.body.errors).toEqual({
      components: {
        0: {
          components: { _errors: [{ code: "BASE_TYPE_BAD_LENGTH", message: "Must be between 1 and 5 in length." }] },
        },
      },
    });
  });

  it("validate - rejects a long label and duplicate custom ids - button fields", () => {
    const error = errorOf({ components: [rowOf(button("a", "x".repeat(81)), button("a"))] });
    const row = (
      error!.body.errors!.components as Record<string, { components: Record<string, Record<string, unknown>> }>
    )[0];
    expect(row.components[0].label).toBeDefined();
    expect(row.components[1].custom_id).toEqual({
      _errors: [{ code: "COMPONENT_CUSTOM_ID_DUPLICATED", message: "Component custom id cannot be duplicated" }],
    });
  });

  it("validate - rejects an empty new message but allows an empty edit - 50006", () => {
    expect(errorOf({})?.body.code).toBe(50006);
    expect(errorOf({}, false)).toBeUndefined();
  });

  it("validate - rejects oversize embeds - title and field limits", () => {
    const error = errorOf({ embeds: [{ title: "t".repeat(257), fields: [{ name: "n", value: "" }] }] });
    expect(Object.keys((error!.body.errors!.embeds as Record<string, object>)[0])).toEqual(["title", "fields"]);
  });
});
