import {
  DataSet,
  englishDataset,
  englishRecommendedTransformers,
  parseRawPattern,
  RegExpMatcher,
} from 'obscenity';

/**
 * The screen for text a guest writes that others may see — a name on the
 * big screen, a typed song title on the big screen and on other guests'
 * phones (issue 29). It finds swear words and slurs however they are
 * disguised (leet, spacing, repeated letters, look-alike letters, accents)
 * with obscenity's English dataset and its recommended transformers, which
 * also know the innocent words that hide one (Scunthorpe, "grapes"), plus
 * the host's own words, disguised the same ways. Text it finds is held for
 * the host to allow or reject; it never decides anything else.
 */
export interface TextScreen {
  /** Whether the text holds a word the room should not see before the host allows it. */
  holds(text: string): boolean;
}

/**
 * Words the English dataset lacks that a room should not see unasked. `|`
 * binds a side to a word's edge, so "Spice" and "prickly" pass.
 */
const MORE_WORDS = ['douchebag', '|spic|', 'jackass', '|prick|', '|kike|', '|chink|'];

/**
 * Letters spelled out one by one ("f u c k", "f.u.c.k") joined into the word
 * they spell; other words stay as they are.
 */
export function joinSpelledOut(text: string): string {
  const parts = text.split(/([\s.*_-]+)/u);
  let joined = '';
  let run = '';
  for (const [index, part] of parts.entries()) {
    const isSeparator = index % 2 === 1;
    if (isSeparator) {
      if (run === '') joined += part;
      continue;
    }
    if ([...part].length === 1) {
      run += part;
      continue;
    }
    if (run !== '') joined += `${run} `;
    run = '';
    joined += part;
  }
  return run === '' ? joined : `${joined}${run}`;
}

/** A host's word as an obscenity pattern: the word itself, its syntax characters escaped. */
function literalPattern(word: string) {
  return parseRawPattern(word.toLowerCase().replace(/[[\]?|\\]/g, (character) => `\\${character}`));
}

/** The English dataset with the words it lacks. */
function baseDataset() {
  const dataset = new DataSet<{ originalWord: string }>().addAll(englishDataset);
  for (const word of MORE_WORDS) {
    dataset.addPhrase((phrase) =>
      phrase.setMetadata({ originalWord: word }).addPattern(parseRawPattern(word)),
    );
  }
  return dataset;
}

function screenWith(dataset: DataSet<{ originalWord: string }>): TextScreen {
  const matcher = new RegExpMatcher({ ...dataset.build(), ...englishRecommendedTransformers });
  return {
    holds: (text) => matcher.hasMatch(text) || matcher.hasMatch(joinSpelledOut(text)),
  };
}

const englishScreen = screenWith(baseDataset());

/** The screen with the English dataset, and the host's own words when there are any. */
export function createTextScreen(hostWords: readonly string[] = []): TextScreen {
  const words = hostWords.map((word) => word.trim()).filter((word) => word.length > 0);
  if (words.length === 0) return englishScreen;
  const dataset = baseDataset();
  for (const word of words) {
    dataset.addPhrase((phrase) =>
      phrase.setMetadata({ originalWord: word }).addPattern(literalPattern(word)),
    );
  }
  return screenWith(dataset);
}

/** Screens made for hosts' word lists, the newest last: a host's list is read at every look. */
const screens = new Map<string, TextScreen>();
const SCREENS_KEPT = 100;

/** The screen for a host's words, made once per list while it is in use. */
export function textScreenFor(hostWords: readonly string[]): TextScreen {
  const key = hostWords.join('\n');
  const known = screens.get(key);
  if (known) {
    screens.delete(key);
    screens.set(key, known);
    return known;
  }
  const made = createTextScreen(hostWords);
  screens.set(key, made);
  if (screens.size > SCREENS_KEPT) screens.delete(screens.keys().next().value as string);
  return made;
}
