/**
 * The thing a removal names: the first thing in the words after its verb that the detectors know (by name, or
 * by what WordNet says it is a kind of), a text mark, or the background.
 */
import * as L from './lexicon';
import type { Clause } from './clauses';
import { detectorClassOf, OBJECT_NAMES, PLURALS, UNDETECTABLE, type TextTarget } from './objects';
import { writtenText, type Token } from './tokens';

/** Quotation marks as wink leaves them: straight double, curly and single. */
const QUOTES = L.words('", “, ”, \', ‘, ’');

/** Things whose own words may follow them in quotes. */
const WRITTEN_ON = L.words('sign, label, caption, banner, word, words, letters, title, name');

/** Nouns that say where or what in general, not which thing: "the thing in the corner of the photo". */
export const FILLERS = L.words(
  'photo, picture, image, pic, shot, photograph, side, corner, edge, top, bottom, left, right, middle, centre, center, front, back, part, portion, section, region, area, bit, spot, place, frame, foreground, distance, way, one, ones, lot, please, thanks, time, day, week, month, year, weekend',
);

/** Whether a noun names more than one: "the cars", "people". */
const isPlural = (t: Token) => (t.inflected && t.word.endsWith('s')) || PLURALS.has(t.word);

export type Named =
  | { label: string; plural: boolean; at: number; also?: string[]; name?: string }
  | { text: TextTarget }
  | { background: true };

/**
 * The first thing named in the words after the verb: a detector's class (by name, or by what WordNet says it
 * is a kind of: "RV" is a vehicle, "grandma" a person), a text mark or the background.
 */
export function namedThing(clause: Clause): Named | null {
  const t = clause.tokens;
  for (let i = 0; i < t.length; i++) {
    // 'the "EL NUEVO VENGADOR" text': words in quotes are the writing itself
    if (QUOTES.has(t[i].word)) {
      const close = t.findIndex((x, j) => j > i && QUOTES.has(x.word));
      if (close > i + 1) {
        if (OBJECT_NAMES.has(t[close + 1]?.lemma ?? '')) {
          i = close;
          continue;
        }
        return { text: 'text' };
      }
    }
    // "tree background", "city backdrop": a noun before the background says what the background is
    const next = t[i + 1];
    if (
      t[i].pos === 'NOUN' &&
      next?.pos === 'NOUN' &&
      L.BACKGROUND.has(next.lemma) &&
      !L.BACKGROUND.has(t[i].lemma)
    )
      continue;
    const pair = i + 1 < t.length ? `${t[i].lemma} ${t[i + 1].lemma}` : '';
    // "telephone wires", "dog leash": a noun before another noun names the kind, the last one the thing
    // "the dog's leash": the owner is not the thing
    const modifier =
      (t[i + 1]?.pos === 'NOUN' && !OBJECT_NAMES.has(pair) && !L.BACKGROUND.has(t[i + 1].lemma)) ||
      t[i + 1]?.word === "'s";
    const known = OBJECT_NAMES.get(pair) ?? (modifier ? undefined : OBJECT_NAMES.get(t[i].lemma));
    // "remove my glasses", "the glasses": a pair of glasses, which no detector knows, not drinking glasses
    // ("the wine glasses" are those)
    if (t[i].word === 'glasses' && known && 'label' in known && !DRINKS.has(t[i - 1]?.lemma ?? ''))
      return null;
    if (L.BACKGROUND.has(t[i].lemma)) {
      // "the people in the background" names people; "the background" alone is the backdrop.
      // "the light poles from the background": a thing named before it is in the background.
      const thing = t.slice(0, i).find((x, j) => x.pos === 'NOUN' && !FILLERS.has(x.lemma) && j < i - 1);
      // "the background boat", "background people": the background says where the thing after it is
      const where = next && (next.pos === 'NOUN' || next.pos === 'PROPN') && !FILLERS.has(next.lemma);
      if (!thing && !where) return { background: true };
      continue;
    }
    // 'the sign "space"': a sign, word or label followed by its words in quotes is writing
    if (WRITTEN_ON.has(t[i].lemma) && QUOTES.has(t[i + 1]?.word ?? '')) return { text: 'text' };
    // "remove the G": a letter on the photo
    if (/^[b-hj-z]$/.test(t[i].word) && t[i].pos !== 'PUNCT') return { text: 'text' };
    if (!known) {
      // A noun the lists lack, and not a part of a longer name ("hair" in "strand of hair")
      const noun = (t[i].pos === 'NOUN' || t[i].pos === 'PROPN') && !modifier;
      const kind = noun ? detectorClassOf(t[i].lemma) : null;
      if (kind && !UNDETECTABLE.has(t[i].lemma) && !UNDETECTABLE.has(pair))
        return { ...kind, plural: isPlural(t[i]), at: i, name: writtenText([t[i]]) };
      // The first thing named is what goes: "the reflection in her glasses" is not the glasses.
      if (noun && !FILLERS.has(t[i].lemma)) return null;
      continue;
    }
    // "orange" names the fruit only as a thing; "the orange numbers" are a date stamp.
    if ('label' in known && known.label === 'orange' && t[i + 1] && OBJECT_NAMES.get(t[i + 1].lemma))
      continue;
    // "the logo on the man's shirt": a mark on a thing in the scene, which the person shows; one on the photo
    // ("the logo on the bottom of the image") is laid over it
    if ('text' in known && known.text === 'watermark' && isOnAThing(t, i)) return null;
    if ('text' in known) return { text: known.text };
    // ("the trash bags": a kind no detector tells from its class, a handbag)
    if (UNDETECTABLE.has(`${t[i - 1]?.lemma} ${t[i].lemma}`)) return null;
    return { label: known.label, plural: isPlural(t[i]), at: i };
  }
  return null;
}

/** Places on the photo itself, where a mark is one laid over it. */
const ON_THE_PHOTO = L.words(
  'photo, picture, image, pic, corner, bottom, top, edge, side, left, right, middle, centre, center',
);

/** Whether the thing at i is said to be "on" something in the scene: "on the man's shirt", "on his cap". */
function isOnAThing(t: readonly Token[], i: number): boolean {
  if (t[i + 1]?.lemma !== 'on') return false;
  const where = t.slice(i + 2).find((x) => x.pos === 'NOUN');
  return where !== undefined && !ON_THE_PHOTO.has(where.lemma);
}

/** What a drinking glass holds, named before "glasses" to say which glasses they are. */
const DRINKS = L.words('wine, drinking, champagne, beer, cocktail, water, shot, whisky, whiskey, martini');
