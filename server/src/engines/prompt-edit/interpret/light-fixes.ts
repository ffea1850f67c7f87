/**
 * Light said as a problem: blown highlights ("the sky is blown out", "the glare on her forehead") and faces or
 * parts in shadow ("lighten his face", "backlit"), answered by recovering them over the whole photo.
 */
import type { EditStep } from '../edit-plan';
import { amountIn, asksFor, avoidedFrom, find, has, type Clause } from './clauses';
import * as L from './lexicon';
import { writtenText, type Token } from './tokens';
import { namesOneThing } from './things';
import { underTheEyes } from './face-fixes';

const HIGHLIGHT_FAULTS = L.words(
  'overexposed, overexposure, overexpose, blown, glare, shine, shiny, oily, greasy, glaring, hotspot, highlights, highlight, sunlit, washed, flare',
);
/** Parts of a photo whose light is compared. */
const PARTS = L.words('side, half, part, left, right, top, bottom, corner, edge');
/** Light thrown back by glass. */
const GLARES = L.words('glare, shine, hotspot, flare, glaring');
/** Glass a glare lies on, which is shown and removed rather than toned down over the whole photo. */
const GLASS = L.words('window, screen, glass, glasses, spectacles, eyeglasses, mirror');
/** Where on the photo a thing is, after "the": "the top right", "the left". */
const PLACES = L.words('top, bottom, left, right, edge');
const SHADOW_FAULTS = L.words(
  'shadow, shadows, shade, shaded, shadowy, backlit, silhouette, silhouetted, underlit',
);

/** Parts of a photo that, said dark, are its shadows. */
const DARK_PLACES = L.words('area, areas, part, parts, region, regions');

/** The highlights and shadows to recover that the clause asks for, or null. */
export function lightRecovery(whole: Clause): EditStep[] | null {
  // "lighten the shadows without affecting the highlights": what must not be touched asks for nothing
  const avoided = avoidedFrom(whole);
  const clause = avoided > 0 ? { ...whole, tokens: whole.tokens.slice(0, avoided) } : whole;
  // "make the rings more shiny" asks for shine; "make the sunrays less of a glare" asks for less of it
  // ("the flash made her forehead shiny" tells what went wrong: "made" asks for nothing)
  const asks = asksFor(clause, ['add']);
  // ("make me not look so shiny": the shine is what must go)
  const wanted = (has(clause, L.MORE) || asks) && !has(clause, ['less', 'fewer', 'not', 'no']);
  // (wink gives "shiny" the lemma "bright", so the written word counts too)
  const faults = clause.tokens.some((t) => HIGHLIGHT_FAULTS.has(t.lemma) || HIGHLIGHT_FAULTS.has(t.word));
  const highlights = faults && !has(clause, GLASS) && !wanted;
  // ("reduce the glare on the window": light on the glass in one place, which the person shows)
  const glare = find(clause, GLARES);
  // ("remove the lens flare": a flare of the lens over the whole photo; the glass comes after the glare)
  const onGlass = glare >= 0 && !wanted && find(clause, GLASS, glare) > glare;
  if (onGlass) return [{ kind: 'remove-marked', thing: glareOnGlass(clause) }];
  // ("add more shadows" asks for deeper ones; "make the shadow lighter" opens them)
  const moreShadow = has(clause, ['add', 'more']) && !has(clause, ['less', 'fewer']);
  // "even out the lighting": the bright parts brought down and the dark ones up
  // ("an HDR look": the same, as high dynamic range does)
  // ("the right side is darker than the left": one part's light against another's, to be evened out)
  const uneven =
    has(clause, ['than']) &&
    clause.tokens.some((t) => ['darker', 'brighter', 'lighter'].includes(t.word)) &&
    has(clause, PARTS) &&
    !has(clause, ['make', 'turn']);
  const evens =
    // ("make the lighting more even on our faces": the same)
    (has(clause, ['even']) &&
      has(clause, ['out', 'more']) &&
      has(clause, ['light', 'lighting', 'exposure'])) ||
    has(clause, ['hdr']) ||
    uneven;
  if (evens) return [{ kind: 'light-recovery', highlights: 0.5, shadows: 0.5 }];
  // ("the details in the dark areas": the shadows, named by where they are)
  const darkParts = clause.tokens.some(
    (t, i) => t.word === 'dark' && DARK_PLACES.has(clause.tokens[i + 1]?.lemma ?? ''),
  );
  // ("the shadows under my eyes" are dark circles, which the face retouch takes)
  const shadows =
    ((has(clause, SHADOW_FAULTS) || darkParts) && !moreShadow && !underTheEyes(clause)) ||
    lightensFaces(clause);
  if (!highlights && !shadows && !darkensBrightPart(clause)) return null;
  // "remove the lens flare in the top right": a flare in one place is a thing the person shows
  // ("a lens flare right across her face" is light over her)
  const placed = clause.tokens.some(
    (t, i) => t.lemma === 'corner' || (clause.tokens[i - 1]?.lemma === 'the' && PLACES.has(t.lemma)),
  );
  if (has(clause, ['flare']) && placed) return null;
  // "darken the picture, especially the shadows": deeper, not opened up
  if (
    shadows &&
    !highlights &&
    clause.tokens.some((t) => ['darken', 'darker', 'deepen', 'deeper'].includes(t.word))
  )
    return null;
  // "remove the shadow of the tree": a thing to remove, not light to recover
  if (
    shadows &&
    !highlights &&
    has(clause, L.REMOVE) &&
    !has(clause, L.SKIN_PARTS) &&
    !has(clause, ['face', 'faces'])
  )
    return null;
  // "washed out" alone is faded colour, read by the adjustments; a washed-out sky is burnt out
  if (
    has(clause, ['washed']) &&
    !has(clause, ['sun', 'light', 'bright', 'highlight', 'overexposed']) &&
    !has(clause, BRIGHT_PARTS)
  )
    return null;
  const amount = amountIn(clause, 0.5);
  return [
    {
      kind: 'light-recovery',
      highlights: highlights || !shadows ? amount : 0,
      shadows: shadows ? amount : 0,
    },
  ];
}

/**
 * "Lighten his face", "the faces are too dark": faces darker than the rest are shadows to open up, which is no
 * change of one person.
 */
function lightensFaces(clause: Clause): boolean {
  const face = find(clause, ['face', 'faces']);
  if (face < 0 || has(clause, L.REMOVE)) return false;
  // the face is what is lightened: "lighten his face", not "lighten this up so my face shows"
  const verb = find(clause, ['lighten', 'brighten', 'make']);
  const between = clause.tokens.slice(verb + 1, face);
  // ("lighten up the faces": "up" right after the verb is its particle, not the photo lightened up)
  const photo = (t: Token, j: number) => THE_PHOTO.has(t.lemma) && !(j === 0 && t.lemma === 'up');
  const object = verb >= 0 && verb < face && between.length <= 3 && !between.some(photo);
  const lighter = has(clause, ['lighten', 'brighten']) || has(clause, ['light', 'bright']);
  const tooDark = has(clause, ['dark', 'darkness']) && has(clause, ['too', 'so', 'very', 'really', 'quite']);
  // "make her face visible", "I can't see their faces": faces lost in the dark
  const hidden =
    has(clause, ['visible', 'see', 'seen', 'visibility']) && !has(clause, L.GENERATE) && !has(clause, L.CROP);
  return (object && lighter) || tooDark || hidden;
}

/** The photo as a whole, which a verb of light may take instead of a face. */
const THE_PHOTO = L.words('it, this, that, photo, picture, image, up, so');

/** The parts of a photo that burn out first. */
const BRIGHT_PARTS = L.words('sky, window, sun, cloud, clouds, lamp, snow');

/**
 * "Darken the sky a bit", "the window is too bright": the brightest part of the photo asked darker is its
 * highlights to bring back, which is no change of that part alone.
 */
function darkensBrightPart(clause: Clause): boolean {
  if (!has(clause, BRIGHT_PARTS) || has(clause, L.REMOVE)) return false;
  const darken = has(clause, ['darken', 'dim']) || (has(clause, ['dark']) && has(clause, ['make']));
  const tooBright =
    has(clause, ['bright', 'brightness']) && has(clause, ['too', 'less', 'reduce', 'lower', 'down']);
  // "the sky is completely white", "the sky is washed out": burnt out, not a colour to paint
  // ("balance it so the snow looks white instead of blue": white is the aim of a colour fix)
  const burnt =
    has(clause, ['be', 'look', 'come', 'turn']) &&
    has(clause, ['white', 'washed', 'blank', 'burnt', 'burned']) &&
    !has(clause, ['make', 'turn', 'change', 'paint', 'instead', 'rather', 'colourfix']);
  return darken || tooBright || burnt || (has(clause, ['washed']) && has(clause, L.LESS));
}

const CORNERS = L.words('corner, corners, edge, edges, border, borders, side, sides');
const LIFTING = L.words(
  'lighten, lighter, brighten, bright, brighter, light, remove, rid, fix, less, reduce, too',
);

/**
 * "Add a vignette", "darken the corners": light falling off towards the corners; "remove the vignetting", "the
 * corners are too dark", "lighten the corners": a lens's fall-off taken away.
 */
export function vignette(clause: Clause): EditStep[] | null {
  const named = has(clause, ['vignette', 'vignetting', 'vignetted']);
  const corners = has(clause, CORNERS) && !namesOneThing(clause.tokens.filter((t) => !CORNERS.has(t.lemma)));
  const dark = has(clause, ['darken', 'darker', 'dark', 'burn']);
  if (!named && !(corners && (dark || has(clause, LIFTING)))) return null;
  // ("lighten the left side": one side, not all round)
  if (!named && has(clause, ['left', 'right', 'top', 'bottom'])) return null;
  // ("crop the edges", "the black border": a crop or a frame, not light)
  if (
    !named &&
    (has(clause, L.CUTTING) || has(clause, ['black', 'white', 'blur', 'blurry', 'sharp', 'sharpen']))
  )
    return null;
  if (!named && !dark && !has(clause, ['lighten', 'lighter', 'brighten', 'brighter'])) return null;
  const lifts = has(clause, LIFTING) || (dark && has(clause, ['be', 'look', 'seem']) && !asksFor(clause));
  return [{ kind: 'vignette', amount: (lifts ? -1 : 1) * amountIn(clause, 0.5) }];
}

/** The words from the light's fault to the glass it is on: "glare on the window". */
function glareOnGlass(clause: Clause): string {
  const t = clause.tokens;
  const from = t.findIndex((x) => GLARES.has(x.lemma));
  const to = t.findIndex((x, i) => i > from && GLASS.has(x.lemma));
  return writtenText(t.slice(from, to + 1));
}
