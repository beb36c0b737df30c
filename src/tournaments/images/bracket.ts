/**
 * A knockout's bracket: its rounds left to right, each match two slots (seed, name, series wins), the
 * winner's slot highlighted, lines from each match to the one its winner goes on to. A slot not known yet
 * (its feeder undecided) is blank; a bye's empty slot says so, and a walkover names who withdrew.
 */
import type { Translate } from "../../i18n/index.ts";
import type { SKRSContext2D } from "../../render/canvas.ts";
import { font } from "../../render/fonts.ts";
import { drawLabel } from "../../render/labels.ts";
import { ENGLISH } from "../../render/language.ts";
import { THEME } from "../../render/theme.ts";
import { fitted, heading, MARGIN, SMALLEST, tournamentCard } from "./tournament-card.ts";

export interface BracketSlot {
  readonly seed: number;
  readonly name: string;
  /** Wins in the match's series; null for a bye or a walkover. */
  readonly wins: number | null;
  /** Withdrew before this match: it was a walkover, the slot says so where the wins would be. */
  readonly withdrew?: boolean;
}

export interface BracketMatch {
  /** null: not known yet (top/bottom `bye` says when it is a bye). */
  readonly top: BracketSlot | null;
  readonly bottom: BracketSlot | null;
  /** A bye: the bottom slot stays empty for good. */
  readonly bye: boolean;
  readonly winner: "top" | "bottom" | null;
}

export interface Bracket {
  readonly title: string;
  readonly subtitle: string;
  /** Round 1 first; round r has half the matches of round r − 1. */
  readonly rounds: readonly (readonly BracketMatch[])[];
  /** Each round's name over its column ("Round 1", "Semi-finals", "Final"), as the text says them. */
  readonly roundNames: readonly string[];
}

/** The winner's slot. */
export const WINNER_FILL = "rgba(126,224,129,0.40)";
const SLOT = 34;
const MATCH_GAP = 14;
const COLUMN = 250;
const BOX = 210;

function slot(
  ctx: SKRSContext2D,
  x: number,
  y: number,
  s: BracketSlot | null,
  won: boolean,
  placeholder: string,
  note = "",
): void {
  ctx.fillStyle = won ? WINNER_FILL : "rgba(192,133,80,0.18)";
  ctx.fillRect(x, y, BOX, SLOT - 2);
  ctx.textBaseline = "middle";
  const mid = y + SLOT / 2 - 1;
  if (!s) {
    ctx.font = font(400, SMALLEST);
    drawLabel(ctx, placeholder, x + 10, mid, { fill: THEME.textFaint });
    return;
  }
  ctx.font = font(400, SMALLEST);
  drawLabel(ctx, String(s.seed), x + 18, mid, { fill: THEME.textDim, align: "center" });
  ctx.font = font(won ? 700 : 400, SMALLEST);
  drawLabel(ctx, fitted(ctx, s.name, BOX - 72), x + 36, mid, { fill: THEME.text });
  if (s.withdrew) {
    ctx.font = font(400, SMALLEST);
    drawLabel(ctx, note, x + BOX - 10, mid, { fill: THEME.textFaint, align: "right" });
  } else if (s.wins !== null) {
    drawLabel(ctx, String(s.wins), x + BOX - 10, mid, { fill: THEME.text, align: "right" });
  }
}

export async function renderBracketImage(data: Bracket, t: Translate = ENGLISH): Promise<Buffer> {
  const first = Math.max(1, data.rounds[0]?.length ?? 1);
  const matchH = 2 * SLOT + MATCH_GAP;
  const width = Math.max(800, MARGIN * 2 + data.rounds.length * COLUMN);
  const card = heading(data.title, data.subtitle, width);
  const top = card.contentTop + 44;
  const height = top + first * matchH + 16;
  const { canvas, ctx } = tournamentCard(width, height, card);
  /** The vertical centre of match i of round r (0-based): centred between its two feeders. */
  const centre = (r: number, i: number) => top + (i + 0.5) * matchH * 2 ** r;
  data.rounds.forEach((matches, r) => {
    const x = MARGIN + r * COLUMN;
    ctx.font = font(700, SMALLEST);
    ctx.textBaseline = "middle";
    const label = data.roundNames[r] ?? t("board:tournament.roundShort", { round: r + 1 });
    drawLabel(ctx, fitted(ctx, label, BOX), x, card.contentTop + 20, { fill: THEME.textDim });
    matches.forEach((m, i) => {
      const c = centre(r, i);
      const withdrew = t("board:tournament.withdrew");
      slot(ctx, x, c - SLOT, m.top, m.winner === "top", "", withdrew);
      slot(ctx, x, c, m.bottom, m.winner === "bottom", m.bye ? t("board:tournament.bye") : "", withdrew);
      if (r < data.rounds.length - 1) {
        // To the next match: out to the right, then up or down to its centre.
        const next = centre(r + 1, Math.floor(i / 2));
        ctx.strokeStyle = THEME.textFaint;
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.moveTo(x + BOX, c);
        ctx.lineTo(x + BOX + (COLUMN - BOX) / 2, c);
        ctx.lineTo(x + BOX + (COLUMN - BOX) / 2, next);
        ctx.lineTo(x + COLUMN, next);
        ctx.stroke();
      }
    });
  });
  return canvas.encode("png");
}
