/**
 * The glossary of each translation: one voice and one word per concept, and the words it rejects.
 * glossary.test.ts runs every rule over every text of every namespace of the language's catalogue.
 *
 * A rule names the chosen word (`term`, for the reader; `used` must match at least one text, so a
 * rule cannot outlive its word) and the alternatives it forbids. An exception is a key where a
 * forbidden word is right in another sense, with the reason; the test fails when an exception is no
 * longer needed, so none lingers.
 *
 * The words are matched whole: JavaScript's `\b` knows only ASCII letters ("échelon", "frø"), so the
 * boundaries here are "no letter or digit on this side", Unicode-aware.
 */

/** `source` as whole words: no letter or digit just before or just after it. Case-insensitive by default. */
export function words(source: string, flags = "iu"): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, flags);
}

export interface Rule {
  /** Completes "glossary - French …": "uses one word for a pit". */
  readonly title: string;
  /** The chosen word or words, as a translator reads them. */
  readonly term: string;
  /** Matches the chosen word: at least one text uses it. */
  readonly used: RegExp;
  /** Each alternative the language does not use for this concept. */
  readonly forbidden: readonly RegExp[];
  /** Keys where a forbidden word is legitimately used in another sense, each with the reason. */
  readonly exceptions?: Readonly<Record<string, string>>;
}

export interface Glossary {
  /** The language's English name, for the tests' titles. */
  readonly language: string;
  readonly rules: readonly Rule[];
}

/**
 * The commands and options as Discord shows them to a user of the language (their English names
 * differ in both languages): a text that says "/nickar ladder join" to a French user names a command
 * their Discord does not show.
 */
const ENGLISH_COMMANDS = [
  words("/nickar(?:-admin)? (?:board|challenge|game|history|ladder|leaderboard|play|season|series|settings)"),
  // An option written with its value ("ruleset:wari", "ladder:true").
  /(?<![\p{L}\p{N}_])(?:all_channels|game|ladder|level|opponent|ruleset|season):/iu,
  /`level`/u,
];

export const GLOSSARY: Readonly<Record<"da" | "fr", Glossary>> = {
  fr: {
    language: "French",
    rules: [
      {
        title: "addresses the player as « vous »",
        term: "vous (vous jouez, jouez, votre, vos)",
        used: words("vous|votre|vos"),
        forbidden: [
          // The « tu » pronouns and possessives (t' elided: « t'a oublié »).
          words("tu|toi|te|ton|ta|tes|tiens?|tiennes?"),
          /(?<![\p{L}\p{N}])t['’](?=\p{L})/iu,
          // An imperative of « tu » with its pronoun (« Redemande-la », « joues-en »): those of « vous » end in -ez.
          /\p{L}+(?<!ez|tes)-(?:moi|toi|la|le|les|en|y|lui|leur)(?![\p{L}\p{N}])/iu,
          // Imperatives of « tu » without a pronoun, at the start of a sentence or after a colon.
          words("réessaie|redemande"),
          /(?:^|[.:;!?]\s+)(?:attends|choisis|demande|joue|regarde|rejoins|utilise)(?=\s)/imu,
        ],
      },
      {
        title: "uses one word for a pit",
        term: "case (the rules' word)",
        used: words("cases?"),
        forbidden: [words("trous?|fosses?|godets?|alvéoles?|maisons?")],
      },
      {
        title: "uses one word for a store",
        term: "grenier (the rules' word)",
        used: words("greniers?"),
        forbidden: [words("réserves?|magasins?|entrepôts?")],
      },
      {
        title: "uses one word for a seed",
        term: "graine",
        used: words("graines?"),
        forbidden: [words("pions?|billes?|cailloux|semences?")],
      },
      {
        title: "uses one word for a game played",
        term: "partie (le jeu, la variante: the game itself)",
        used: words("parties?"),
        forbidden: [words("matchs?(?! nul)|manches?")],
      },
      {
        title: "uses one word for a grand slam",
        term: "grand chelem",
        used: words("grands? chelems?"),
        forbidden: [words("grands? slams?")],
      },
      {
        title: "uses one word for a capture",
        term: "prendre, une prise (a Kay: manger, the rules' word)",
        used: words("prise|prend|prenez|pris"),
        forbidden: [words("captur\\p{L}*"), words("ramass\\p{L}*\\s+(?:\\{\\{seeds\\}\\}|toute)")],
        exceptions: {
          "board:caption.relayPickup":
            "« ramasse {{seeds}} » is the relay's pick-up (the sowing sense of ramasser), not a capture",
        },
      },
      {
        title: "uses one word for a relay",
        term: "relais",
        used: words("relais"),
        forbidden: [words("ramassages?")],
      },
      {
        title: "uses one word for a ladder rung",
        term: "échelon",
        used: words("échelons?"),
        forbidden: [words("barreaux?")],
      },
      {
        title: "uses one word for a rating",
        term: "cote (classement: the leaderboard; classée: a rated game)",
        used: words("cotes?"),
        forbidden: [words("courbe de classement"), words("classements?\\s+inchangée?s?"), /^classements?\s*:/imu],
      },
      {
        title: "uses one word for a ruleset",
        term: "variante",
        used: words("variantes?"),
        forbidden: [words("dans (?:ces|cette|toutes les) règles|pas de règle")],
      },
      {
        title: "uses one word for a draw",
        term: "nulle",
        used: words("nulles?"),
        forbidden: [words("match nul")],
      },
      {
        title: "uses one word for a hint",
        term: "indice",
        used: words("indices?"),
        forbidden: [words("conseils?|astuces?")],
      },
      {
        title: "uses one word for an admin",
        term: "administrateur",
        used: words("administrateurs?"),
        // « /nickar-admin » is the command's name.
        forbidden: [/(?<![\p{L}\p{N}-])admins?(?![\p{L}\p{N}-])/iu],
      },
      {
        title: "names the commands and options as Discord shows them in French",
        term: "/nickar échelle rejoindre, variante:…, l'option partie",
        used: words("/nickar (?:échelle|partie|jouer|plateau|historique)"),
        forbidden: [...ENGLISH_COMMANDS, words("l'option (?:game|opponent)")],
      },
    ],
  },
  da: {
    language: "Danish",
    rules: [
      {
        title: "addresses the player as « du »",
        term: "du, dig, din, dit, dine",
        used: words("du|dig|din|dit|dine"),
        // The formal « De/Dem/Deres »: capitalised, and « De » in the middle of a sentence.
        forbidden: [words("Dem|Deres", "u"), /(?<=[\p{Ll}\p{N},;)]\s)De(?![\p{L}\p{N}])/u],
      },
      {
        title: "uses one word for a game played",
        term: "parti (spil: the game itself, « mancala-spil »; spil!: play!)",
        used: words("parti(?:et|ets|er|erne|ernes)?"),
        forbidden: [
          words("spil(?:let|lets|lene|lenes)"),
          words(
            "(?:et|dette|det|dit|mit|sit|jeres|hvert|ethvert|intet|andet|nyt|ratet|ratede|uratet|afsluttet|afsluttede|enkelte|første|seneste|ingen)\\s+spil",
          ),
          words("(?:\\{\\{\\w+\\}\\}|\\d+)\\s+spil"),
          /(?<![\p{L}\p{N}])spil\s+(?:`|\{\{|\d|nummer)/iu,
          /(?:stige|serie|nickar-)spil(?![\p{L}\p{N}])/iu,
        ],
        exceptions: {
          "errors:game/no-moves": "« Der er ikke spillet noget træk »: spillet is the participle of at spille (played)",
        },
      },
      {
        title: "uses one word for a pit",
        term: "grube",
        used: words("grube(?:n|r|rne)?"),
        forbidden: [words("hul(?:ler|lerne|let)?|skål(?:e|en|ene)?|huse?(?:ne|t)?")],
      },
      {
        title: "uses one word for a store",
        term: "lager",
        used: words("lager|lageret"),
        forbidden: [words("depot\\p{L}*|forråd\\p{L}*|kalaha")],
      },
      {
        title: "uses one word for a seed",
        term: "frø",
        used: words("frø(?:et|ene)?"),
        forbidden: [words("sten|kugler?|bønner?|perler?")],
      },
      {
        title: "uses one word for a capture",
        term: "fange, en fangst",
        used: words("fange\\p{L}*|fangst"),
        forbidden: [words("erobr\\p{L}*|snupp\\p{L}*")],
      },
      {
        title: "uses one word for a relay",
        term: "stafet",
        used: words("stafet(?:ten|ter)?"),
        forbidden: [words("videresåning\\p{L}*")],
      },
      {
        title: "uses one word for a ladder rung",
        term: "trin",
        used: words("trin(?:et|ene)?"),
        forbidden: [words("sprosse\\p{L}*")],
      },
      {
        title: "uses one word for an unrated game",
        term: "uden rating (ratet, ratede: rated)",
        used: words("uden rating"),
        forbidden: [words("urate(?:t|de)")],
      },
      {
        title: "uses one word for a hint",
        term: "tip",
        used: words("tip"),
        forbidden: [words("hints?")],
      },
      {
        title: "uses one word for a draw",
        term: "remis (uafgjort: the adjective, « er uafgjort »)",
        used: words("remis"),
        forbidden: [words("(?:\\{\\{count\\}\\}|\\d+)\\s+uafgjort\\p{L}*")],
      },
      {
        title: "uses one word for an admin",
        term: "administrator",
        used: words("administrator(?:en|er)?"),
        forbidden: [/(?<![\p{L}\p{N}-])admins?(?![\p{L}\p{N}-])/iu],
      },
      {
        title: "writes a day in full",
        term: "1 dag, 3 dage",
        used: words("dag|dage"),
        forbidden: [words("(?:\\{\\{\\w+\\}\\}|\\d+)\\s+d\\.?")],
      },
      {
        title: "says a setting is on or off with « slået til » / « slået fra »",
        term: "slået til, slået fra",
        used: words("slået (?:til|fra)"),
        forbidden: [/\*\*(?:til|fra)\*\*/iu, /^(?:til|fra)$/iu],
      },
      {
        title: "names the commands and options as Discord shows them in Danish",
        term: "/nickar stige tilmeld, regelsæt:…, parti-indstillingen",
        used: words("/nickar (?:stige|parti|spil|bræt|historik)"),
        forbidden: [...ENGLISH_COMMANDS, words("(?:game|opponent)-indstillingen")],
      },
    ],
  },
};
