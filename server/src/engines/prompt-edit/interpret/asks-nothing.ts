/**
 * Clauses that ask for no edit of the photo, whatever edit words they hold: words about the post, what the
 * writer likes, an apology, a wish not to do something, how the frame cut a thing, and wishes of the file.
 */
import { find, has, type Clause } from './clauses';
import * as L from './lexicon';
import { namedThing } from './named-thing';
import { couldNot } from './removals';

/**
 * "Mods please remove if not allowed", "(details in comments)": words to the forum's moderators, or pointing to
 * the comments under the post, are about the post, not the photo ("remove the comments" is a wish).
 */
export function aboutThePost(clause: Clause): boolean {
  const t = clause.tokens;
  const comments = t.findIndex((x) => x.lemma === 'comment');
  const pointed = (j: number) => POINTING.has(t[j]?.lemma ?? '');
  // ("Happy anniversary to us", "merry Christmas everyone": a greeting of the occasion)
  const greets = ['happy', 'merry'].includes(t[0]?.lemma ?? '') && OCCASIONS.has(t[1]?.lemma ?? '');
  return (
    greets ||
    has(clause, TO_MODERATORS) ||
    (comments > 0 && (pointed(comments - 1) || (t[comments - 1].lemma === 'the' && pointed(comments - 2))))
  );
}

/**
 * "I like the pose", "we love her smile in this one": what the writer likes is there already, and no wish
 * ("I'd like the background removed", "I would love it if ..." ask; so does "love to").
 */
export function likesWhatIsThere(clause: Clause): boolean {
  const [who, verb, next] = clause.tokens;
  return (
    ['i', 'we'].includes(who?.lemma ?? '') &&
    ['like', 'love', 'adore'].includes(verb?.lemma ?? '') &&
    !['to', 'if', 'it'].includes(next?.lemma ?? '')
  );
}

const TO_MODERATORS = L.words('mod, mods, moderator, admin');
const OCCASIONS = L.words(
  'anniversary, birthday, bday, holiday, holidays, christmas, xmas, easter, halloween, thanksgiving, new, mother, father, valentine, wedding, graduation',
);
const POINTING = L.words('in, see, check, below');

/** "Half of my face is cut off", "the guy on the left is cut off": how the frame left a thing, told. */
export function cutByTheFrame(clause: Clause): boolean {
  const cut = clause.tokens.findIndex((t, i) => t.lemma === 'cut' && clause.tokens[i + 1]?.lemma === 'off');
  return cut > 0 && L.FINITE_BE.has(clause.tokens[cut - 1].word);
}

/** "Sorry for the bad quality": an apology tells of the photo; it asks nothing by itself. */
export function isApology(clause: Clause): boolean {
  return ['sorry', 'apology', 'apologize', 'apologise'].includes(clause.tokens[0]?.lemma ?? '');
}

/** "don't crop it", "no filters": a wish not to do something is no step at all. */
export function isNegated(clause: Clause): boolean {
  const i = find(clause, L.NEGATION);
  if (i < 0 || i > 2) return false;
  // "I can't get rid of this cast": what the person could not do is the wish
  if (couldNot(clause, i)) return false;
  const rest = { tokens: clause.tokens.slice(i + 1), text: '' };
  if (clause.tokens[i].lemma === 'without' && namedThing(rest)) return false; // "the photo without the dog"
  // "no people in the pic", "no text please": the photo wished without a thing the detectors know
  const known = clause.tokens[i].lemma === 'no' ? namedThing(rest) : null;
  if (known && ('label' in known || 'text' in known)) return false;
  // "I have no idea how to remove the dog": what the writer cannot do is the wish
  if (rest.tokens[0]?.lemma === 'idea') return false;
  // "not bright enough", "not so dark": complaints, read as wishes by the adjustment rules
  return !has(clause, ['enough', 'so', 'very']);
}

/**
 * "Compress it", "make it smaller than 2 MB", "convert to jpg", "less heavy for my website": the file's size or
 * format, not the picture. ("Save as PNG with a transparent background" asks for the cut-out.)
 */
export function asksOfTheFile(clause: Clause): boolean {
  if (has(clause, L.BACKGROUND) || has(clause, ['transparent', 'transparency', 'cutout', 'cut']))
    return false;
  // ("compress the gun": a thing squashed, which only a generator could do)
  const squeezed = find(clause, ['compress']);
  const compress =
    squeezed >= 0 &&
    !clause.tokens.slice(squeezed + 1).some((t) => t.pos === 'NOUN' && !FILE_NOUNS.has(t.lemma));
  const size = compress || has(clause, FILE_SIZES);
  const fileSize =
    has(clause, ['file']) && has(clause, ['size', 'small', 'smaller', 'big', 'large', 'heavy']);
  // (the written word: the model's lemma for "heavy" is another word)
  const heavy =
    clause.tokens.some((t) => t.word === 'heavy') &&
    has(clause, ['website', 'web', 'email', 'upload', 'load', 'site']);
  const format =
    has(clause, ['convert', 'save', 'export', 'format', 'change']) &&
    has(clause, ['jpg', 'jpeg', 'png', 'webp', 'heic', 'gif', 'tiff', 'tif', 'pdf', 'bmp']);
  return size || fileSize || heavy || format;
}

/** Units of a file's size, and its compression. */
const FILE_SIZES = L.words('compression, mb, kb, megabyte, megabytes, kilobyte, kilobytes');
/** What a file wish names besides the file: the picture itself, or where it goes. */
const FILE_NOUNS = L.words('file, photo, picture, image, pic, size, email, website, web, site, upload');
