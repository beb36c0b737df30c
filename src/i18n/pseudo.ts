/**
 * The pseudo-locale's post-processor: wraps every translated text in ⟦ ⟧. Written by hand because it
 * is four lines; the i18next-pseudo package also rewrites letters, which would break the tests' check
 * that what is left outside the brackets is only names, numbers and markup.
 */
import type { PostProcessorModule } from "i18next";

export const PSEUDO_PROCESSOR = "nickarPseudo";

export const pseudoProcessor: PostProcessorModule = {
  type: "postProcessor",
  name: PSEUDO_PROCESSOR,
  process: (value: string) => `⟦${value}⟧`,
};
