import { isShare, sidesPhrase, SPARE } from './crop-edges';
import type { EditStep } from '../edit-plan';
import { avoidedFrom, find, has, isPast, narrated, PASSIVE_AUX, runStart, type Clause } from './clauses';
import * as L from './lexicon';
import { COLOURS } from './lexicon';
import type { ClauseReading } from './reading';
import { CANNOT } from './reasons';
import { FILLERS, namedThing } from './named-thing';
import { mentionIn, pointerIn } from './mentions';
import { CLOTHES, QUALITIES, removalOfQuality } from './removed-qualities';
import { qualifiesAThing } from './things';
import { writtenText, type Token } from './tokens';
import { countIn, selectorIn, wornColour } from './selectors';
import {
  bareName,
  namesAThing,
  nounPhrase,
  passiveList,
  passiveSubject,
  REMOVERS,
  tellsOfThing,
  toolsThing,
} from './removed-thing';

/** "remove the dog on the left", "take the guy behind me out of the shot", "get rid of the date stamp". */
export function readRemoval(
  clause: Clause,
  afterRemoval: boolean,
  mentioned?: Token[],
): ClauseReading | null {
  // "the sign and the pole need to be removed": each thing listed before the passive goes
  const eachListed = passiveList(clause);
  if (eachListed) {
    const readings = eachListed.map((part) => readRemoval(part, afterRemoval, mentioned));
    return { steps: readings.flatMap((r) => r?.steps ?? []), removes: true };
  }
  // ("so it looks like a clear day": a word of removal that tells a thing apart removes nothing)
  let verb = clause.tokens.findIndex(
    (t, i) => L.REMOVE.has(t.lemma) && !narrated(clause, i) && !qualifiesAThing(clause, i),
  );
  // "bigger without losing detail": a removal verb under a negation removes nothing
  if (verb > 0 && L.NEGATION.has(clause.tokens[verb - 1].lemma) && !couldNot(clause, verb - 1)) verb = -1;
  // "edit the photo so it looks better" mends it, "edit it to remove the quote" removes the quote; "edit him out"
  if (verb >= 0 && EDITING.has(clause.tokens[verb].lemma) && !has(clause, ['out', 'off', 'away']))
    verb = clause.tokens.findIndex((t) => L.REMOVE.has(t.lemma) && !EDITING.has(t.lemma));
  if (verb < 0) {
    const out = find(clause, ['out', 'off', 'away']);
    // ("it was taken from far away": the photo taken, nothing taken out; "he needs to be cropped out" asks)
    // ("half of my face is cut off": how the photo is, told after a finite "is")
    const state = (i: number) => L.FINITE_BE.has(clause.tokens[i - 1]?.word ?? '');
    const taker = clause.tokens.findIndex(
      (t, i) =>
        L.REMOVE_WITH_OUT.has(t.lemma) &&
        !state(i) &&
        ((!isPast(t) && !t.word.endsWith('en')) || ['be', 'get'].includes(clause.tokens[i - 1]?.word ?? '')),
    );
    // "crop it so nobody gets cut off", "without cutting off her feet": what must not be cut is no removal
    const spared = has({ tokens: clause.tokens.slice(0, out), text: '' }, SPARED);
    // ("I take pics of my kids and they come out yellow": the "out" is another verb's)
    const between = clause.tokens.some(
      (t, i) => i > taker && i < out && t.pos === 'VERB' && SUBJECTS.has(clause.tokens[i - 1]?.lemma ?? ''),
    );
    if (out >= 0 && taker >= 0 && taker < out && !spared && !between) verb = taker;
  }
  // "watermark remover", "background removal", "object eraser": a tool named by what it takes away
  const tool = verb < 0 ? clause.tokens.findIndex((t) => REMOVERS.has(t.lemma)) : -1;
  // "the sign needs to go", "that pole must go": a thing that has to go is removed
  // ("I want the sign gone")
  const go = find(clause, ['go']);
  const goesAway = GONE_BY.has(clause.tokens[go + 1]?.lemma ?? '.');
  const mustGo = PASSIVE_AUX.has(clause.tokens[go - 1]?.lemma ?? '') || clause.tokens[go]?.word === 'gone';
  if (verb < 0 && go > 1 && mustGo && goesAway) verb = go;
  if (verb < 0 && tool >= 0) verb = tool;
  // "I want my cousin out of this picture": someone wished out of it
  const wish = verb < 0 ? find(clause, ['want', 'need']) : -1;
  const wishedOut = wish >= 0 ? find(clause, ['out'], wish + 2) : -1;
  const wished = clause.tokens.slice(wish + 1, wishedOut);
  const ofIt = ['of', '.', '!', 'please'].includes(clause.tokens[wishedOut + 1]?.lemma ?? '.');
  if (wishedOut > 0 && ofIt && wished.every((t) => WISHED_POS.has(t.pos))) verb = wish;
  // "clean up the lines from the lights": cleaning up a thing removes it
  const clean = find(clause, ['clean', 'tidy']);
  // ("clean up the old lady's face" is a retouch: the face stays; "clean up this logo" mends the image it is)
  const aFace = has(clause, ['face', 'faces', 'skin', 'complexion']);
  const theImage =
    ['this', 'my', 'our'].includes(clause.tokens[clean + 2]?.lemma ?? '') &&
    IMAGE_KINDS.has(clause.tokens[clean + 3]?.lemma ?? '');
  if (
    verb < 0 &&
    clean >= 0 &&
    clause.tokens[clean + 1]?.lemma === 'up' &&
    namesAThing(clause, clean + 2) &&
    !aFace &&
    !theImage
  )
    verb = clean + 1;
  // "the photo without the guy" removes him; "bigger without losing quality" removes nothing
  // ("without making the people look orange" is what must not happen)
  const without = find(clause, ['without']);
  if (
    verb < 0 &&
    without >= 0 &&
    avoidedFrom(clause) < 0 &&
    namedThing({ tokens: clause.tokens.slice(without + 1), text: '' })
  )
    verb = without;
  // "the timestamp is ruining the photo": a thing blamed for spoiling the photo is a thing to remove
  // ("there's a lamp growing out of my head": a thing sprouting from a head spoils it too, when nothing is
  // being removed already)
  const sprouts = afterRemoval ? -1 : sproutsFromAHead(clause);
  const blame = verb < 0 ? Math.max(find(clause, BLAME), sprouts) : -1;
  const blamed = blame > 0 ? { tokens: clause.tokens.slice(0, blame), text: clause.text } : null;
  // ("the background is too distracting": a busy backdrop, softened, not cut away)
  const backdrop = blamed?.tokens.find((t) => t.pos === 'NOUN')?.lemma === 'background';
  if (blamed && namesAThing(blamed, 0) && !backdrop) verb = blame;
  // "I want no people in the pic", "no text please": the photo wished without a thing the detectors know
  const no = verb < 0 ? find(clause, ['no']) : -1;
  const notWanted = no >= 0 ? { tokens: clause.tokens.slice(no + 1), text: clause.text } : null;
  const wishVerbs = clause.tokens.filter((t) => t.pos === 'VERB' && !WISHING.has(t.lemma));
  const known = notWanted && wishVerbs.length === 0 ? namedThing(notWanted) : null;
  if (known && ('label' in known || 'text' in known)) verb = no;
  // "there's a random guy in the background": someone there by chance is someone to take out
  // ("a stranger walked into the frame": the word is the one unwanted)
  const finger = fingerOnTheLens(clause);
  const unwanted = verb < 0 ? Math.max(find(clause, UNWANTED), finger) : -1;
  const unwantedFrom = unwanted + (unwanted === finger || clause.tokens[unwanted]?.pos === 'NOUN' ? 0 : 1);
  const stray = unwanted >= 0 ? { tokens: clause.tokens.slice(unwantedFrom), text: clause.text } : null;
  if (stray && namesAThing(stray, 0)) verb = unwanted;
  // "... and the dog": a clause with no verb of its own removes what it names, as the clause before did;
  // one that speaks to the reader ("you guys are amazing") or tells of the photo ("it's for her memorial")
  // names no one in it
  const listed = afterRemoval && !has(clause, ['you']) && !opensAStatement(clause);
  if (verb < 0 && (!listed || clause.tokens.some((t, i) => t.pos === 'VERB' && !tellsOfThing(clause, i))))
    return null;
  let after = { tokens: clause.tokens.slice(verb + 1), text: clause.text };
  if (verb >= 0 && verb === tool) after = { tokens: toolsThing(clause.tokens, tool), text: clause.text };
  if (blamed && verb === blame) after = { tokens: mentionIn(blamed) ?? blamed.tokens, text: clause.text };
  if (stray && verb === unwanted) after = stray;
  // "there's a bottle on the table, please remove it": the pronoun stands for what the context named
  const pointer = verb >= 0 ? pointerIn(after.tokens) : null;
  if (pointer && mentioned) after = { tokens: mentioned, text: clause.text };
  // ("a stranger walked into the frame. Can someone remove him?": "him" is the one just taken out)
  if (pointer && !mentioned && afterRemoval && !namesAThing(after, 0)) return { steps: [], removes: true };
  // "the garbage cans here need to be removed": said in the passive, the thing comes before the verb
  // ("I need the background removed for a sticker": what it is for is no object)
  const object = after.tokens[0]?.lemma !== 'for' && namesAThing(after, 0);
  const passive = verb > 0 && !object ? passiveSubject(clause, verb) : null;
  if (passive) after = { tokens: passive, text: clause.text };
  // "make the sign disappear", "make him vanish": what is made to go sits between "make" and the verb
  const make = verb > 0 && !passive && !namesAThing(after, 0) ? find(clause, ['make']) : -1;
  const made = make >= 0 && make < verb - 1 ? clause.tokens.slice(make + 1, verb) : null;
  if (made && namesAThing({ tokens: made, text: '' }, 0)) after = { tokens: made, text: clause.text };
  // "can it be removed?": a pronoun before a passive stands for what the context named, as after a verb does
  const passivePointer =
    verb > 0 && !passive && !namesAThing(after, 0) && !pointer
      ? pointerIn(made ?? clause.tokens.slice(0, verb).filter((t) => !PASSIVE_AUX.has(t.lemma)))
      : null;
  if (passivePointer && mentioned) after = { tokens: mentioned, text: clause.text };
  // ("remove the man on the left and make him disappear": the same man)
  if (passivePointer && !mentioned && afterRemoval) return { steps: [], removes: true };
  // "the blurry part above her head": a place to show, named by how it looks
  const describedPlace = after.tokens.some(
    (t, i) =>
      t.pos === 'ADJ' &&
      FILLERS.has(after.tokens[i + 1]?.lemma ?? '') &&
      !L.PHOTO.has(after.tokens[i + 1].lemma) &&
      !L.POSITIONS[t.lemma as 'left'],
  );
  if (verb >= 0 && has(after, QUALITIES) && !describedPlace) {
    const special = removalOfQuality(after);
    if (special) return { steps: special };
  }
  // "remove the black area outside of the logo": all around the thing goes, which is a cut-out
  const around = find(after, ['outside', 'around', 'behind', 'surrounding']);
  if (around > 0 && AREAS.has(after.tokens[around - 1]?.lemma ?? '') && namesAThing(after, around + 1))
    return { steps: [{ kind: 'background', backdrop: { kind: 'transparent' } }], removes: true };
  // "remove everything except the person": a cut-out; "remove all the people except her" removes people
  const except = find(after, ['except', 'but', 'apart']);
  const kept = { tokens: after.tokens.slice(0, except), text: '' };
  if (has(after, ['everything', 'all']) && except >= 0 && !namedPeopleOrThings(kept))
    return { steps: [{ kind: 'background', backdrop: { kind: 'transparent' } }], removes: true };
  // (hair over a face goes; "the pupils from the eyes" do not)
  // ("a hair on the lens", "on the scan": a stray hair on the picture, not someone's)
  const strayHair =
    has(after, ['hair']) && (overTheFace(after) || has(after, ['lens', 'scan', 'scanner', 'glass']));
  // ("the hair tie on her wrist", "the hair clip": a thing named after the hair)
  const hairThing = after.tokens.some(
    (t, i) => t.lemma === 'hair' && HAIR_THINGS.has(after.tokens[i + 1]?.lemma ?? ''),
  );
  if (has(after, BODY_PARTS) && !has(after, STRAY) && !strayHair && !hairThing)
    return { steps: [], skipped: { text: clause.text, reason: CANNOT.body } };
  // "cut out the couple so that there is no background": the couple stays, the background goes; "crop me
  // out and put me on a white background": the person asks for themself, cut out
  const selfOut =
    clause.tokens[verb]?.lemma === 'crop' &&
    ['me', 'us', 'myself'].includes(clause.tokens[verb + 1]?.lemma ?? '') &&
    clause.tokens[verb + 2]?.lemma === 'out';
  if (selfOut) return { steps: [{ kind: 'background', backdrop: { kind: 'transparent' } }] };
  const cutOut = clause.tokens[verb]?.lemma === 'cut' && clause.tokens[verb + 1]?.lemma === 'out';
  if (cutOut && has(after, L.BACKGROUND))
    return { steps: [{ kind: 'background', backdrop: { kind: 'transparent' } }] };
  // "crop out the top and bottom of this image": the edges go, which is a crop
  // ("remove the bottom third": a share of the photo's side can only be cropped)
  const cropVerb = L.CUTTING.has(clause.tokens[verb]?.lemma ?? '');
  const shareOfASide = after.tokens.some(
    (t, i) => isShare(t) && after.tokens.slice(Math.max(0, i - 3), i + 3).some((x) => EDGES.has(x.lemma)),
  );
  // ("remove the empty space on the left": room to spare on a side)
  const spare = after.tokens.some((t) => SPARE.has(t.lemma));
  if ((cropVerb || shareOfASide || spare) && onlyEdges(after)) return { steps: [{ kind: 'crop' }] };
  // "remove the black bars on the side", "crop the white border out": what frames the photo is cropped away
  if (framesThePhoto(after)) return { steps: [{ kind: 'crop' }], removes: true };
  const target = namedThing(after);
  if (!target) {
    // "remove the bin, the sign and the cones": a bare name after a removal goes too; "and make it pop" does not
    // ("remove the eye bags and acne": skin listed after skin is smoothed with it)
    if (verb < 0 && bareName(after) && has(after, L.SKIN))
      return { steps: [{ kind: 'enhance-face', smoothSkin: true }], removes: true };
    if (verb < 0)
      return bareName(after)
        ? { steps: [{ kind: 'remove-marked', thing: nounPhrase(after) }], removes: true }
        : null;
    // "cut out the person" keeps the person: that is a cut-out, the background goes.
    if (
      clause.tokens[verb].lemma === 'cut' &&
      has(after, ['me', 'him', 'her', 'subject', 'product', 'it', 'person'])
    )
      return { steps: [{ kind: 'background', backdrop: { kind: 'transparent' } }] };
    const special = describedPlace ? null : removalOfQuality(after);
    if (special) return { steps: special, removes: true };
    // No detector knows it: the person shows it ("tap or paint the RV sticker"); "remove it" with nothing
    // named before asks them to show "it". A removal whose thing went unsaid still points instead of refusing.
    // ("remove so much shadow": the thing is the noun the phrase holds)
    const nouns = after.tokens.filter((t) => t.pos === 'NOUN');
    const thing = nounPhrase(after) || pointer || passivePointer || (nouns.length ? writtenText(nouns) : '');
    return { steps: [{ kind: 'remove-marked', thing }], removes: true };
  }
  if ('background' in target)
    return { steps: [{ kind: 'background', backdrop: { kind: 'transparent' } }], removes: true };
  if ('text' in target) return { steps: [{ kind: 'remove-text', target: target.text }], removes: true };
  // "the guy in green", "the woman holding the phone": a person the detector cannot tell apart
  // ("there's a guy on the left, can you remove him": the place is said where he was named)
  const pointedBack = mentioned && (pointer || passivePointer) ? after : clause;
  let select = selectorIn(pointedBack, target);
  // ("take out the two kids": which two of the people no detector can tell; removing everyone would take the
  // subject too, so the person shows them)
  const counted =
    target.label === 'person' && select.which === 'all' && countIn(clause) && !has(clause, L.ALL);
  if (counted) return { steps: [{ kind: 'remove-marked', thing: nounPhrase(after) }], removes: true };
  // "the man in the red shirt": the detector tells people apart by their clothes' colour; "the woman
  // holding the phone" it cannot, so the person shows her. A place ("on the right") says more than either.
  if (target.label === 'person' && select.which === 'default') {
    const colour = wornColour(after, target.at);
    if (colour) select = { which: 'wearing', colour };
    else if (unresolvedQualifier(after, target.at))
      return { steps: [{ kind: 'remove-marked', thing: nounPhrase(after) }], removes: true };
  }
  const step: EditStep = { kind: 'remove-object', label: target.label, select };
  if (target.also) step.also = target.also;
  if (target.name) step.name = target.name;
  return { steps: [step], removes: true };
}

/** The words of a thing wished out of the photo: "my cousin", "the two guys on the left". */
const WISHED_POS = new Set(['DET', 'PRON', 'ADJ', 'NOUN', 'PROPN', 'NUM', 'ADP']);

/** What may follow a thing's going: "the sign needs to go", "... gone asap", "... gone please". */
const GONE_BY = L.words('., !, ?, please, away, too, asap, now, thanks, thank, lol, completely, entirely');

/** Who does what a verb says: "they" in "they come out yellow". */
const SUBJECTS = L.words('i, you, he, she, it, we, they');

/** Verbs that only say a wish: "I want no people in it". */
const WISHING = L.words('want, need, like, prefer, wish, would');
/** Words for what came into the photo by chance and is not wanted there. */
const UNWANTED = L.words('random, stranger, strangers, photobomber, photobombers, unwanted');
/** Verbs that blame a thing for spoiling the photo: "the sign is ruining it", "the pole distracts". */
const BLAME = L.words('ruin, ruining, ruined, spoil, spoiling, spoils, distract, distracting, distracts');

/** "a big thumb in the corner", "a finger over the lens": the photographer's finger, where it is; else -1. */
function fingerOnTheLens(clause: Clause): number {
  const t = clause.tokens;
  const finger = t.findIndex((x, i) => {
    // ("my thumb is over the lens": said as a state, the place follows the verb)
    const at = L.FINITE_BE.has(t[i + 1]?.word ?? '') ? i + 2 : i + 1;
    if (!['thumb', 'finger'].includes(x.lemma) || !['in', 'on', 'over'].includes(t[at]?.lemma ?? ''))
      return false;
    const place = t[at + 1]?.lemma === 'the' ? t[at + 2] : t[at + 1];
    return FRAME_PLACES.has(place?.lemma ?? '');
  });
  // ("my brother's thumb is in the corner": whose it is belongs to its name)
  return finger < 0 ? -1 : runStart(t, finger, OWNED_NAME);
}

const OWNED_NAME = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'PART', 'PRON']);

const FRAME_PLACES = L.words('corner, edge, frame, shot, lens, side, top, bottom, picture, photo, pic');

/** Where a thing is said to grow or stick out of someone's head: the verb's index, else -1. */
function sproutsFromAHead(clause: Clause): number {
  const t = clause.tokens;
  return t.findIndex(
    (x, i) =>
      SPROUTING.has(x.lemma) &&
      t[i + 1]?.lemma === 'out' &&
      t[i + 2]?.lemma === 'of' &&
      t.slice(i + 3, i + 6).some((y) => y.lemma === 'head'),
  );
}

const SPROUTING = L.words('grow, stick, come, poke, sprout');

/** Words before a "cut off" that say what must be spared: "so nobody gets cut off", "without cutting off". */
const SPARED = L.words("nobody, noone, no, none, not, n't, without, never, anyone, anybody, dont");

/** Whether the words name something other than the backdrop: "all the people" does, "everything" does not. */
function namedPeopleOrThings(clause: Clause): boolean {
  const named = namedThing(clause);
  return named !== null && !('background' in named);
}

/** A sentence about the photo or the writer ("it's for her memorial", "we lost..."), not a thing in a list. */
const opensAStatement = (clause: Clause) =>
  ['it', ...L.PERSONAL_SUBJECTS].includes(clause.tokens[0]?.lemma ?? '');

/** Verbs of editing in general, which remove a thing only with "out": "photoshop my ex out". */
const EDITING = L.words('edit, photoshop');

/** "I can't get rid of it": what the person could not do is the wish, not a wish not to. */
export const couldNot = (clause: Clause, negation: number) =>
  ['ca', 'can', 'could', 'wo'].includes(clause.tokens[negation - 1]?.lemma ?? '');

/** What a removal cannot take without inventing a person anew. */
const BODY_PARTS = L.words(
  'makeup, make-up, beard, moustache, mustache, eyebrow, eyebrows, hair, ponytail, pigtail, pigtails, braid, braids, bun, pupil, pupils, iris, irises',
);

/** Words after a person that tell them apart by what no detector sees: clothes, colour, what they hold. */
function unresolvedQualifier(clause: Clause, at: number): boolean {
  const next = clause.tokens.slice(at + 1, at + 4).map((t) => t.lemma);
  if (['wear', 'wearing', 'hold', 'holding', 'who', 'that', 'with'].includes(next[0] ?? '')) return true;
  if (next[0] !== 'in') return false;
  const what = next[1] === 'the' || next[1] === 'a' ? next[2] : next[1];
  return Boolean(what && (COLOURS[what] || CLOTHES.has(what)));
}

/** What an image sent to be mended may be, besides a photo. */
const IMAGE_KINDS = L.words(
  'logo, drawing, sketch, scan, document, screenshot, painting, artwork, graphic, icon, design, illustration, print, poster, flyer',
);

const AREAS = L.words('area, part, space, region, portion, stuff, everything');

/** Words that name only the photo's edges: "the top and bottom of this image", "the sides". */
function onlyEdges(clause: Clause): boolean {
  const named = sidesPhrase(clause.tokens);
  const nouns = named.filter((t) => t.pos === 'NOUN' || t.pos === 'ADJ');
  // ("the bottom third", "the top 10 percent": a share of a side is a side too)
  // ("the empty space on the right side": room to spare on a side is the side)
  const side = (t: Token) => EDGES.has(t.lemma) || FILLERS.has(t.lemma) || SPARE.has(t.lemma) || isShare(t);
  return has(clause, EDGES) && nouns.every(side);
}

/** "the black bars on the sides", "the white border": bands of one colour around the photo. */
function framesThePhoto(clause: Clause): boolean {
  const band = find(clause, ['border', 'borders', 'margin', 'margins', 'bar', 'bars', 'frame']);
  if (band < 0 || clause.tokens.some((t, i) => i < band && t.pos === 'NOUN')) return false;
  // (a bar or a frame is one of the photo's only where it runs: "the black bar" alone may lie across it)
  const aroundIt = has(clause, ['side', 'sides', 'around']);
  const edgeBand = ['border', 'margin'].includes(clause.tokens[band].lemma);
  const coloured = clause.tokens.slice(0, band).some((t) => Boolean(COLOURS[t.lemma]));
  return aroundIt || (edgeBand && coloured);
}

const EDGES = L.words('top, bottom, side, sides, edge, edges, border, borders, left, right');

const HAIR_THINGS = L.words('tie, clip, band, pin, bow, brush, dryer, net, elastic, scrunchie, comb, spray');

/** Hairs and marks that lie on a person without being part of how they look. */
const STRAY = L.words(
  'stray, strand, loose, flyaway, flyaways, frizz, frizzy, frizziness, shadow, reflection, glare, end, ends, tip, tips',
);

/** "the hair from her face", "hair over his eyes": hair lying across a face, which the fill takes away. */
function overTheFace(clause: Clause): boolean {
  const across = find(clause, [
    'from',
    'over',
    'across',
    'cover',
    'covering',
    'by',
    'near',
    'on',
    'around',
    'under',
  ]);
  return across >= 0 && has({ tokens: clause.tokens.slice(across), text: '' }, FACE_PARTS);
}

const FACE_PARTS = L.words('face, eye, eyes, forehead, nose, mouth, lip, lips, cheek, cheeks, chin, ear');
