import * as lexicon from './lexicon';
import { words } from './lexicon';
import { OBJECT_NAMES, UNDETECTABLE } from './objects';
import { NAMED_SHAPES } from './sizes';

/** Words the grammar understands; a word among them is never taken for a typo. */
export const VOCABULARY = new Set<string>();
/**
 * The words a typo may be corrected to: the vocabulary less the words of wishes that cannot be done, so that a
 * real word the grammar lacks ("printing") is never turned into a refusal ("painting").
 */
export const CORRECTION_TARGETS = new Set<string>();

const REFUSAL_WORDS = [lexicon.GENERATE, lexicon.STYLE_WORDS, lexicon.BODY_CHANGES, lexicon.SCENE_CHANGES];

/** Verbs of generation that as often ask for an edit ("change the background to white"): a typo may mean them. */
const EITHER_WAY = new Set(['change', 'replace']);

const add = (phrase: string, target = true) => {
  for (const word of phrase.split(/[\s-]+/)) {
    if (!/^[a-z]+$/.test(word)) continue;
    VOCABULARY.add(word);
    if (target) CORRECTION_TARGETS.add(word);
  }
};
for (const value of Object.values(lexicon)) {
  const target = !REFUSAL_WORDS.includes(value as ReadonlySet<string>);
  if (value instanceof Set) for (const word of value) add(word as string, target || EITHER_WAY.has(word));
  else if (typeof value === 'object') for (const key of Object.keys(value)) add(key);
}
for (const key of OBJECT_NAMES.keys()) add(key);
for (const key of Object.keys(NAMED_SHAPES)) add(key);
for (const key of UNDETECTABLE) add(key);
for (const word of lexicon.words(
  'make, please, degree, percent, clockwise, anticlockwise, vertical, vertically, horizontal, horizontally, brighter, darker, warmer, cooler, sharper, bigger, larger, smaller, lighter, clearer',
))
  add(word);

/** Everyday words near vocabulary words that must never be "corrected" ("there" is not "these"). */
export const NEVER_CORRECT = words(
  'criss, print, prints, printed, printing, printer, poster, there, their, where, which, would, could, should, thanks, thank, please, photo, photos, picture, pictures, image, images, maybe, sister, brother, mother, father, wedding, birthday, holiday, today, taken, think, looks, looking, something, anything, everything, hello, great, awesome, while, still, again, before, because, since, though, through, hours, house, mouth, ruins, shirt, short, sorry, hopes, hoping, wants, needs, trying, grandma, grandpa, guys, share, posted, using, phone, scanned, scan, printed, print, older, under, other, others, those, these, about, above, after, saved, since, being, every, whole, entire, quick, quite, small, smile, style, still, doesn, cannot',
);

const GENERAL = words(
  'light, clear, clean, lit, rich, bold, lose, drop, hide, edit, kill, strip, clear, true, depth, punch, pop, focus, detail, old, aged, retro',
);

/**
 * The words of a look a describing word's synonym may stand for ("gloomy" -> dark, "brilliant" -> vivid).
 * Verbs are left out, and so is blur: their synonyms stray too far ("holding" is a sense of "excluding", a
 * "cloudy" day is not a blurry photo).
 */
export const SYNONYM_TARGETS = new Set(
  [
    lexicon.BRIGHT,
    lexicon.DARK,
    lexicon.CONTRAST,
    lexicon.FLAT,
    lexicon.HARSH,
    lexicon.VIVID,
    lexicon.MUTED,
    lexicon.WARM,
    lexicon.COOL,
    lexicon.SHARP,
    lexicon.NOISE,
    lexicon.SEPIA,
    lexicon.GRAYSCALE,
  ]
    .flatMap((set) => [...set])
    .filter((w) => !GENERAL.has(w)),
);

/**
 * The words of more and less a verb the grammar lacks may stand for, by its synonyms or the sense it is a kind
 * of ("lessen" -> decrease, "intensify" -> increase). Only these: other verbs' synonyms stray too far.
 */
export const AMOUNT_TARGETS = new Set([...lexicon.MORE, ...lexicon.LESS].filter((w) => !GENERAL.has(w)));
