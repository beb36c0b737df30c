/** The five tournament images as one kind of render task: plain data, drawn by the matching renderer. */
import type { Translate } from "../../i18n/index.ts";
import { type Bracket, renderBracketImage } from "./bracket.ts";
import { type Crosstable, renderCrosstableImage } from "./crosstable.ts";
import { type KnockoutTable, renderKnockoutTableImage } from "./knockout-table.ts";
import { type Podium, renderPodiumImage } from "./podium.ts";
import { renderStandingsImage, type StandingsImage } from "./tournament-standings.ts";

export type TournamentImage =
  | { readonly kind: "standings"; readonly data: StandingsImage }
  | { readonly kind: "crosstable"; readonly data: Crosstable }
  | { readonly kind: "bracket"; readonly data: Bracket }
  | { readonly kind: "knockout"; readonly data: KnockoutTable }
  | { readonly kind: "podium"; readonly data: Podium };

export function renderTournamentImage(image: TournamentImage, t: Translate): Promise<Buffer> {
  switch (image.kind) {
    case "standings":
      return renderStandingsImage(image.data, t);
    case "crosstable":
      return renderCrosstableImage(image.data, t);
    case "bracket":
      return renderBracketImage(image.data, t);
    case "knockout":
      return renderKnockoutTableImage(image.data, t);
    case "podium":
      return renderPodiumImage(image.data, t);
  }
}
