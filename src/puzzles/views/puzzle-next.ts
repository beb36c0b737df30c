/**
 * Asking for another puzzle (`/nickar-puzzle solve`, Next puzzle): a new try, or, while a rated try is
 * open, first the question whether it may count as missed (a new puzzle fails it, rating and all), with
 * "count it as missed and give me a new one" and "back to the open puzzle". Nothing counts before the
 * first; then the missed try's message loses its buttons (through its token, while that lives).
 */
import { ButtonStyle } from "discord-api-types/v10";
import type { PuzzleAttemptRow } from "../../db/schema.ts";
import { term } from "../../i18n/index.ts";
import { RULESET_NAME } from "../../i18n/terms.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { Reply, Response, TokenEdit } from "../../interactions/reply.ts";
import { button, row } from "../../interactions/views/parts.ts";
import type { PuzzleChoice, PuzzleTry } from "../puzzle-service.ts";
import { puzzleReply } from "./puzzle.ts";

/** A try shown: its message is remembered as the try's latest (daily tries are never counted missed). */
export function tryResponse(ctx: HandlerContext, shown: PuzzleTry, mode: Response["mode"]): Response {
  const reply = puzzleReply(ctx, shown);
  return shown.attempt.dailyDate ? { mode, reply } : { mode, reply, bind: { kind: "puzzle", id: shown.attempt.id } };
}

/** A new try for `choice`; `missed`: the open rated try the player agreed to count as missed, if any. */
export function nextPuzzleResponse(
  ctx: HandlerContext,
  choice: PuzzleChoice,
  missed: string | null,
  mode: Response["mode"],
): Response {
  const next = ctx.app.puzzles.nextUnlessOpen(choice, missed);
  if ("open" in next) return { mode, reply: openTryWarning(ctx, next.open, choice) };
  return { ...tryResponse(ctx, next.started, mode), tokenEdits: next.missed.flatMap((a) => missedEdit(ctx, a)) };
}

/** The missed try's message without its buttons, saying why. */
function missedEdit(ctx: HandlerContext, attempt: PuzzleAttemptRow): TokenEdit[] {
  const { messageRef: ref, messageToken: token, messageAt: at } = attempt;
  if (!ref || !token || at === null) return [];
  return [{ ref, token, at, reply: { content: ctx.t("puzzle:missedMessage"), components: [], mentions: [] } }];
}

function openTryWarning(ctx: HandlerContext, open: PuzzleTry, choice: PuzzleChoice): Reply {
  const { t } = ctx;
  const ruleset = term(RULESET_NAME[open.puzzle.ruleset]);
  return {
    content: t("puzzle:openWarning", { ruleset, id: open.puzzle.id }),
    ephemeral: true,
    mentions: [],
    components: [
      row(
        button(
          { type: "puzzle-next", ruleset: choice.ruleset, theme: choice.theme ?? null, missed: open.attempt.id },
          t("puzzle:button.missAndNext"),
          ButtonStyle.Danger,
        ),
        button({ type: "puzzle-back", attemptId: open.attempt.id }, t("puzzle:button.back"), ButtonStyle.Primary),
      ),
    ],
  };
}
