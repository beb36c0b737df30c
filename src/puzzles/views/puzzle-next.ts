/**
 * Asking for another puzzle (`/nickar-puzzle solve`, Next puzzle): a new try, or, while a rated try is
 * open, first the question whether it may count as missed (a new puzzle fails it, rating and all), with
 * "count it as missed and give me a new one" and "back to the open puzzle". Nothing counts before the first.
 */
import { ButtonStyle } from "discord-api-types/v10";
import { term } from "../../i18n/index.ts";
import { RULESET_NAME } from "../../i18n/terms.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { Reply } from "../../interactions/reply.ts";
import { button, row } from "../../interactions/views/parts.ts";
import type { PuzzleChoice, PuzzleTry } from "../puzzle-service.ts";
import { puzzleReply } from "./puzzle.ts";

/** A new try for `choice`; `missed`: the open rated try the player agreed to count as missed, if any. */
export function nextPuzzleReply(ctx: HandlerContext, choice: PuzzleChoice, missed: string | null): Reply {
  const next = ctx.app.puzzles.nextUnlessOpen(choice, missed);
  return "started" in next ? puzzleReply(ctx, next.started) : openTryWarning(ctx, next.open, choice);
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
