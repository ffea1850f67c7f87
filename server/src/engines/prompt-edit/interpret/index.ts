import type { EditPlan, EditStep } from '../edit-plan';
import { goesOnTelling, splitClauses, tellsWhatHappened, type Clause } from './clauses';
import { isEnglishWord } from './dictionary';
import { loadWordNet } from './wordnet';
import { CANNOT } from './reasons';
import * as L from './lexicon';
import { havingAt, mentionIn } from './mentions';
import { tokenize, type Token } from './tokens';
import { damageIn, widenWords } from './widen';
import { readClause, readWhole } from './wishes';
import { placeSaidAfter } from './selectors';

export { describeStep, previewStep } from './describe';
export { CAN_DO } from './reasons';

/** Loads the language model, WordNet and the word list (about 0.4 s), so that no person's first request waits. */
export function loadReader(): void {
  interpretInstruction('make it brighter');
  loadWordNet();
  isEnglishWord('photo');
}

/**
 * An instruction in plain English to a plan of typed steps, in the order written, plus the wishes that cannot
 * be done here with the reason. Greetings, thanks and context ("it's my grandma's photo") are neither.
 */
export function interpretInstruction(text: string): EditPlan {
  const tokens = tokenize(text);
  const plan = readTokens(tokens, text);
  if (plan.steps.length > 0 || !text.trim()) return plan;
  // Nothing to do found: the words the grammar lacks, read through WordNet; what is out of reach stays named
  const widened = widenWords(tokens);
  const lastResort = widened ? readTokens(widened, text) : null;
  // the wishes out of reach as first read stay named: the widened words only add what can be done
  if (lastResort?.steps.length)
    return { steps: lastResort.steps, skipped: plan.skipped.length ? plan.skipped : lastResort.skipped };
  // (damage named in a wish out of reach, "add a scar to his forehead", is no damage to take away)
  const outOfReach = new Set(plan.skipped.map((s) => s.text));
  const damage = damageIn(
    splitClauses(tokens)
      .filter((clause) => !outOfReach.has(clause.text))
      .flatMap((clause) => clause.tokens),
  );
  if (damage) return { steps: [damage], skipped: plan.skipped };
  if (plan.skipped.length === 0) plan.skipped.push({ text: text.trim(), reason: CANNOT.nothing });
  return plan;
}

/** The plan the grammar reads in the tokens, clause by clause, then as one wish. */
function readTokens(tokens: Token[], text: string): EditPlan {
  const steps: EditStep[] = [];
  const plan: EditPlan = { steps, skipped: [] };
  let afterRemoval = false;
  // "There's a bottle on the table, please remove it": what the context named, for a later pronoun
  let mentioned: Token[] | undefined;
  // "It's so noisy, can you clean it up?": a general wish beside a named one asks for that one
  const general: EditStep[] = [];
  // "It's faded and has a big crease. Could someone restore it?": what the context says is wrong
  const context: Token[] = [];
  // "I bought the photo but lost the original file": what the writer did, not what they ask for
  let telling = false;
  const told = new Set<Token>();
  let cutOut = false;
  let declined = false;
  for (const clause of splitClauses(tokens)) {
    telling = tellsWhatHappened(clause) || (telling && goesOnTelling(clause, tokens));
    if (telling) {
      for (const token of clause.tokens) told.add(token);
      continue;
    }
    // "remove my ex from this photo, he's on the right": the place of the one just named
    const last = steps.at(-1);
    const place =
      last?.kind === 'remove-object' && last.select.which === 'default'
        ? placeSaidAfter(clause, last.label)
        : null;
    if (last?.kind === 'remove-object' && place) {
      last.select = place;
      continue;
    }
    const reading = readClause(clause, { afterRemoval, lastStep: last, mentioned });
    // "cut the dog out and put it on white": what was cut out is kept, on a new backdrop
    if (last?.kind.startsWith('remove') && cutOut && reading.steps.some((s) => s.kind === 'background'))
      if (putsItOn(clause)) steps.pop();
    cutOut = isCutOut(clause);
    // ("there's a random guy on the right, and the light is harsh. Could you remove him?": the one removed)
    const [only] = reading.steps;
    const pronoun = reading.steps.length === 1 && only.kind === 'remove-marked' && IT.has(only.thing);
    // ("I hate my double chin, can you edit it out": "it" is what was just declined)
    if (pronoun && (steps.some((s) => s.kind.startsWith('remove')) || declined)) reading.steps = [];
    declined = Boolean(reading.skipped);
    if (reading.denied) for (const token of clause.tokens) told.add(token);
    for (const step of reading.steps)
      addStep(reading.general ? general : steps, toldSide(step, clause, context));
    if (reading.skipped) plan.skipped.push(reading.skipped);
    // ("remove the guy. Just want a photo of me and my friends": a clause with a verb of its own ends the list)
    const quiet =
      reading.steps.length === 0 && !reading.skipped && !clause.tokens.some((t) => t.pos === 'VERB');
    afterRemoval = reading.removes ?? (afterRemoval && quiet);
    if (reading.steps.length === 0 && !reading.skipped) {
      mentioned = mentionIn(clause) ?? mentioned;
      context.push(...clause.tokens);
    }
    // ("I have a pimple on my chin, can you remove it": what someone has is named, whatever else it asks)
    else if (havingAt(clause) > 0) mentioned = mentionIn(clause) ?? mentioned;
    // ("there's a guy in the back ruining it. Could someone remove him?": "him" is the one just removed)
    else if (reading.removes) mentioned = undefined;
  }
  if (steps.length === 0) for (const step of general) addStep(steps, step);
  // Nothing read clause by clause, and nothing out of reach named: the whole post read as one wish
  if (steps.length === 0 && plan.skipped.every((s) => s.reason === CANNOT.cropShape))
    for (const step of readWhole({ tokens: tokens.filter((t) => !told.has(t)), text })) addStep(steps, step);
  amendByThePost(steps, tokens, context);
  // "one person blinked, can I fix the eyes?": closed eyes could only be painted open
  const redEye = steps.findIndex((s) => s.kind === 'red-eye');
  if (redEye >= 0 && tokens.some((t) => t.lemma === 'blink' || t.word === 'closed')) {
    steps.splice(redEye, 1);
    plan.skipped.push({ text: text.trim(), reason: CANNOT.body });
  }
  // "centre and crop": the centring is the crop, so no shape needs asking for
  if (steps.some((s) => s.kind === 'crop'))
    plan.skipped = plan.skipped.filter((s) => s.reason !== CANNOT.cropShape);
  return plan;
}

/**
 * What the rest of the post changes in the steps read: a professional look asked for a listing or a product is
 * no headshot, eyes red from crying are red in their whites, and a restoration also mends the damage the
 * context named.
 */
function amendByThePost(steps: EditStep[], tokens: readonly Token[], context: readonly Token[]): void {
  // "make it look professional, it's for my real estate listing": a place or a product, no portrait
  const headshot = steps.findIndex((s) => s.kind === 'headshot');
  const notAPortrait =
    tokens.some((t) => L.NOT_PORTRAITS.has(t.lemma)) && !tokens.some((t) => L.PORTRAITS.has(t.lemma));
  if (headshot >= 0 && notAPortrait) steps.splice(headshot, 1, { kind: 'auto-levels' }, { kind: 'clarify' });
  // "make my eyes less red, I'd been crying": red from crying, allergy or tiredness is in the whites
  const redEye = steps.findIndex((s) => s.kind === 'red-eye');
  const bloodshot = tokens.some((t) => L.BLOODSHOT.has(t.lemma)) && !tokens.some((t) => t.lemma === 'flash');
  if (redEye >= 0 && bloodshot) steps[redEye] = { kind: 'clear-eye-whites', amount: 1 };
  // "It's faded and has a big crease. Could someone restore it?": the crease is mended too
  const restores = steps.some((s) => s.kind === 'auto-levels' || s.kind === 'clarify');
  const damage = restores && !steps.some((s) => s.kind.startsWith('remove')) ? damageIn(context) : null;
  if (damage) steps.unshift(damage);
}

/** "Cut the dog out", "crop him out": a cut, which a later "put it on white" shows was to keep the thing. */
const isCutOut = (clause: Clause) =>
  clause.tokens.some((t) => L.CUTTING.has(t.lemma)) && clause.tokens.some((t) => t.lemma === 'out');

/**
 * "put it on white", "place him on a transparent background", "give it a white background": the thing just
 * named, on a backdrop.
 */
function putsItOn(clause: Clause): boolean {
  const put = clause.tokens.findIndex((t) => ['put', 'place', 'paste', 'set', 'give'].includes(t.lemma));
  const [it, on] = [clause.tokens[put + 1], clause.tokens[put + 2]];
  if (put < 0 || !IT.has(it?.lemma ?? '')) return false;
  return clause.tokens[put].lemma === 'give' || ['on', 'onto', 'against', 'in'].includes(on?.lemma ?? '');
}

const IT = L.words('it, him, her, them, this, that');

/** Adjustments that say how much: a later one of the same kind is the person's last word on it. */
const AMOUNTS = new Set(['brightness', 'contrast', 'saturation', 'warmth', 'sharpen', 'denoise', 'blur']);

/**
 * "It's really dark, can you brighten it a bit?" is one wish said twice: the later amount stands. Highlights
 * and shadows said apart are one recovery; clarifying sharpens already. Any other step said twice in the same
 * words runs once.
 */
function addStep(steps: EditStep[], step: EditStep): void {
  // "remove the background and make it white": one backdrop, the one said last; "as my desktop background,
  // 2560x1440": one crop, the one said last; a crop to an exact size makes a resize to it needless
  if (step.kind === 'background') removeWhere(steps, (s) => s.kind === 'background');
  // ("crop out the bottom third and 25 % off the right": one crop, by every side named)
  const bySides = steps.find((s) => s.kind === 'crop' && s.edges);
  if (step.kind === 'crop' && step.edges && bySides?.kind === 'crop') {
    bySides.edges = { ...bySides.edges, ...step.edges };
    return;
  }
  // ("crop it to a square and zoom in on her": a crop that names no shape closes in within the shape said)
  if (step.kind === 'crop' && !step.aspect && steps.some((s) => s.kind === 'crop')) return;
  if (step.kind === 'crop') removeWhere(steps, (s) => s.kind === 'crop');
  if (step.kind === 'crop' && step.size) removeWhere(steps, (s) => s.kind === 'resize');
  if (step.kind === 'resize' && steps.some((s) => s.kind === 'crop' && s.size)) return;
  if (step.kind === 'sharpen' && steps.some((s) => s.kind === 'clarify')) return;
  if (step.kind === 'clarify') removeWhere(steps, (s) => s.kind === 'sharpen');
  // "fix the colours, it looks really green": one white balance, away from the cast named ("less red, less
  // yellow" names two)
  const balance = steps.findIndex((s) => s.kind === 'auto-white-balance');
  if (step.kind === 'auto-white-balance' && balance >= 0) {
    const earlier = steps[balance];
    if (!step.cast) return;
    if (earlier.kind === 'auto-white-balance' && !earlier.cast) {
      steps[balance] = step;
      return;
    }
  }
  const light = steps.find((s) => s.kind === 'light-recovery');
  if (step.kind === 'light-recovery' && light?.kind === 'light-recovery') {
    light.highlights = Math.max(light.highlights, step.highlights);
    light.shadows = Math.max(light.shadows, step.shadows);
    return;
  }
  const same = steps.findIndex((s) =>
    AMOUNTS.has(step.kind) ? s.kind === step.kind : JSON.stringify(s) === JSON.stringify(step),
  );
  if (same >= 0 && AMOUNTS.has(step.kind)) steps.splice(same, 1);
  else if (same >= 0) return;
  steps.push(step);
}

function removeWhere<T>(items: T[], test: (item: T) => boolean): void {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i])) items.splice(i, 1);
}

/**
 * "The height is 800, resize it to 1600": a number given alone is read as a width, unless the context told the
 * height (and not the width) and the clause names neither.
 */
function toldSide(step: EditStep, clause: Clause, context: readonly Token[]): EditStep {
  if (step.kind !== 'resize' || step.width === undefined || step.height !== undefined) return step;
  const said = (tokens: readonly Token[], words: string[]) => tokens.some((t) => words.includes(t.lemma));
  const sides = ['width', 'wide', 'height', 'tall', 'high'];
  if (said(clause.tokens, sides) || !said(context, ['height', 'tall']) || said(context, ['width', 'wide']))
    return step;
  return { kind: 'resize', height: step.width };
}
