/**
 * A studio-style headshot from a casual photo, every heavy step in the worker pool: find the face of the
 * person chosen, by their point or by size and place (find-people.ts; refuse without one), level the eyes
 * and frame by rule (framing.ts), matte the person on the frame's part of the photo (the person-matting
 * model, refined at the photo's edges), enlarge that part with the upscale engine when the frame would
 * otherwise be enlarged, resample it onto the frame, take out the old background's colour at the edges,
 * tidy the light on the skin, set the person on the backdrop, and retouch the face at "subtle".
 */
import { AppError } from '../../lib/errors';
import type { RawImage } from '../../lib/image/raw-image';
import { detectFaces, type Face, type FaceBox } from '../../models/face';
import { faceRegions, regionOfInterest } from '../../models/face/regions';
import { cropRaw, isColourful, pasteRaw, shiftFace } from '../../models/face-retouch';
import { colourMeans, decontaminate } from '../../models/guided-filter/foreground-colour';
import { castsShadow, renderBackdrop } from '../../models/headshot/backdrop';
import {
  eyeRoll,
  faceOnOutput,
  faceOnPhoto,
  faceOutside,
  frameBounds,
  levelFace,
  mainFace,
  toOutput,
  unlevelPoint,
  type FrameTransform,
  type LevelFace,
} from '../../models/headshot/framing';
import { isolateMainPerson } from '../../models/headshot/isolate';
import { fadeStrayMatte } from '../../models/headshot/stray-matte';
import { dropFromMatte, othersHands } from '../../models/headshot/others-hands';
import { detectHands } from '../../models/hands';
import { detectBodies } from '../../models/bodies';
import { armsByOwner } from '../../models/headshot/arms';
import { insideTheBody } from '../../models/headshot/mend-body';
import { findHeadTop, photoCuts } from '../../models/headshot/person';
import { composeFrame, fitToPhoto, FRAMING_RULES, overflow } from '../../models/headshot/composition';
import { tidyLight, type LightReport } from '../../models/headshot/light';
import { vignette } from '../../models/headshot/vignette';
import { warpColour, warpMatte } from '../../models/headshot/warp';
import { shadowFromMatte } from '../../models/isnet/compose';
import type { WorkerPool } from '../../inference/pool';
import { createLocalEsrganProvider } from '../image-upscale/local-esrgan.provider';
import { silentLogger } from '../../lib/logger';
import { chooseSubject, type Subject } from './find-people';
import { personMatteOf } from './person-matte-of';
import {
  HEADSHOT_SIZES,
  MIN_HEADSHOT_FACE_PX,
  type ProfessionalPhotoOptions,
} from './professional-photo.options';

export interface HeadshotDeps {
  pool: WorkerPool;
  modelDir?: string;
  signal?: AbortSignal;
  progress?(fraction: number, message?: string): void;
}

export interface HeadshotResult {
  image: RawImage;
  /** The faces of people in the room (not those in pictures on the wall). */
  faces: Face[];
  /** The face the headshot is made of, on the photo. */
  face: Face;
  chosenBy: Subject['chosenBy'];
  /** The people the headshot could have been of, the automatic choice first; two or more: a group. */
  candidates: Face[];
  /** The same face as found again on a levelled close view, whose landmarks the frame was set by. */
  levelled: Face;
  frame: FrameTransform;
  /** 1 when the photo's pixels were enough; 2 or 4 when the upscale engine enlarged them first. */
  upscaled: 1 | 2 | 4;
  light: LightReport;
}

/** The frame is enlarged past this factor only from upscaled pixels. */
const MAX_PLAIN_ENLARGEMENT = 1.15;
/** The hair's first guess above the forehead, as a share of the oval's height, before the matte is read. */
const HAIR_GUESS = 0.3;
/**
 * A face whose outline runs past the photo's edge by more than this share of its height is refused: the
 * headshot would have to invent the forehead or chin the photo cut off, and a frame around it shows the
 * cut as a straight line across the face.
 */
const MAX_FACE_OUTSIDE = 0.06;
const FACE_CUT_MESSAGE =
  'The face runs past the edge of this photo, so a headshot would have to invent part of it. Please use a photo that shows the whole face with some room around it.';
/** Another person's hand leaves the matte softened over this share of the subject's face width (the cut between people's). */
const HAND_FEATHER = 0.03;
/** Matte apart from the person's firm body is kept within this share of the face's width (hair's strands)... */
const STRAY_KEEP = 0.06;
/** ...and fades out over this share beyond it: a face far behind, a lamp the matting model half took. */
const STRAY_FADE = 0.06;
/** Where the photo's own edge cuts the person, the matte fades out over this share of the face's width. */
const EDGE_FADE = 0.15;

export async function makeHeadshot(
  image: RawImage,
  options: ProfessionalPhotoOptions,
  deps: HeadshotDeps,
): Promise<HeadshotResult> {
  const { pool, signal } = deps;
  const progress = deps.progress ?? (() => {});
  const { width, height } = HEADSHOT_SIZES[options.size];
  progress(0.02, 'Finding the face');
  const { found, faces, face, chosenBy, candidates } = await chooseSubject(image, options, pool, signal);
  if (face.box.width < MIN_HEADSHOT_FACE_PX) {
    throw new AppError(
      'NOTHING_TO_DO',
      `${chosenBy === 'point' ? 'The face of the person chosen' : 'The face in this photo'} is too small for a headshot (${Math.round(face.box.width)} px wide; at least ${MIN_HEADSHOT_FACE_PX} px is needed). Please use a closer or larger photo.`,
    );
  }
  // Other people's hands on the subject are judged once the group is cut apart (by their look and by whose
  // elbow their forearm runs to); hands and skeletons are found meanwhile. A headshot
  // refused or cancelled before then never awaits them, so their failure must not go unhandled.
  const hands = detectHands(image, pool, signal);
  hands.catch(() => {});
  const bodies = detectBodies(image, pool, signal);
  bodies.catch(() => {});
  const levelled = await refinedFace(image, face, pool, signal);
  if (faceOutside(levelled, image) > MAX_FACE_OUTSIDE) throw new AppError('NOTHING_TO_DO', FACE_CUT_MESSAGE);
  const level = levelFace(levelled);
  const rule = FRAMING_RULES[options.size];
  const guess = composeFrame(level, level.top - HAIR_GUESS * (level.bottom - level.top), width, height, rule);

  progress(0.1, 'Separating the person from the background');
  let bounds = frameBounds(guess, 0.12, image.width, image.height);
  let matte = await personMatteOf(image, bounds, level, face, pool, signal);
  const matteRegion = { pixels: { data: matte, ...size(bounds) }, x: bounds.x, y: bounds.y, scale: 1 };
  const headTop = findHeadTop(matteRegion, level);
  const composed = composeFrame(level, headTop, width, height, rule);
  const rowOf = (y: number) => toOutput(composed, unlevelPoint({ x: 0, y }, level.roll, level.origin)).y;
  const rows = { headTop: rowOf(headTop), eyes: rowOf(0), chin: rowOf(level.bottom) };
  const frame = fitToPhoto(composed, image, photoCuts(matteRegion, image, level), rows);
  const tight = frameBounds(frame, 0.02, image.width, image.height);
  if (!contains(bounds, tight)) {
    // A tall head (hair, a turned face) made the frame wider than the guess: matte the frame's part again.
    bounds = frameBounds(frame, 0.12, image.width, image.height);
    matte = await personMatteOf(image, bounds, level, face, pool, signal);
  }
  const region = { x: bounds.x, y: bounds.y, scale: 1 };

  progress(0.45, 'Framing');
  const { pixels, upscaled } = await detailFor(cropRaw(image, tight), frame.scale, deps, (f) =>
    progress(0.45 + 0.3 * f, 'Upscaling'),
  );
  const colour = warpColour({ pixels, x: tight.x, y: tight.y, scale: upscaled }, frame);
  // Only a photo edge still inside the frame fades; one the frame was fitted to is the frame's own edge.
  const inside = (side: 'left' | 'right' | 'top' | 'bottom') => overflow(frame, side, image) > 1;
  const edges = {
    left: bounds.x === 0 && inside('left'),
    right: bounds.x + bounds.width === image.width && inside('right'),
    top: bounds.y === 0 && inside('top'),
    bottom: bounds.y + bounds.height === image.height && inside('bottom'),
    fade: EDGE_FADE * (level.right - level.left),
  };
  const alpha = warpMatte({ pixels: { data: matte, ...size(bounds) }, ...region }, frame, edges);
  const arms = armsByOwner(await bodies, face, found);
  const label = isolateMainPerson(alpha, frame, face, found, colour, arms);
  const others = othersHands(await hands, frame, face, alpha, label, arms);
  const onFrame = faceOnOutput(face, frame);
  const { box } = onFrame;
  // What is dropped inside the subject's outline is filled with their clothing once their colours are known.
  const mend = insideTheBody(others.drop, alpha, label, width, height, box.y + box.height);
  for (let i = 0; i < mend.length; i++) if (mend[i]) others.drop[i] = 0;
  dropFromMatte(alpha, others.drop, width, height, HAND_FEATHER * box.width);
  fadeStrayMatte(
    alpha,
    width,
    height,
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    {
      keep: STRAY_KEEP * box.width,
      fade: STRAY_FADE * box.width,
    },
  );

  progress(0.8, 'Lighting and backdrop');
  const n = width * height;
  const person = new Uint8Array(n * 3);
  // Hidden while the subject's colours are estimated, so the other person's hand feeds none of them.
  const seen = mend.includes(1) ? alpha.map((a, i) => (mend[i] ? 0 : a)) : alpha;
  decontaminate(await colourMeans(colour, seen, width, height), colour, seen, width, height, person, 3);
  if (seen !== alpha) {
    progress(0.82, 'Filling in where a hand was');
    person.set(await fillOnFrame(person, mend, width, height, pool, signal));
  }
  const colourful = isColourful(image);
  const light = tidyLight(person, alpha, width, skinSample(onFrame, level, frame), colourful);
  const backdrop = renderBackdrop({
    kind: options.backdrop,
    colour: options.color,
    width,
    height,
    photo: colour,
    matte: alpha,
  });
  const out = composite(person, alpha, backdrop, castsShadow(options.backdrop), width, height);
  if (options.backdrop !== 'white') vignette(out, width, height);
  const result: RawImage = { data: out, width, height, channels: 3 };

  if (options.retouch) {
    progress(0.9, 'Retouching the face');
    await retouchOnFrame(result, onFrame, colourful, pool, signal);
  }
  progress(1);
  return { image: result, faces, face, chosenBy, candidates, levelled, frame, upscaled, light };
}

const size = (box: FaceBox) => ({ width: box.width, height: box.height });
const contains = (outer: FaceBox, inner: FaceBox) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

/** Side of the levelled view the face's landmarks are found again in. */
const PROBE_SIDE = 384;
/** Rounds of finding the landmarks again; each stops early once the view's eyes are level within a degree. */
const PROBE_ROUNDS = 3;

/**
 * The face's landmarks found again on a view of the photo levelled by their last estimate, and mapped back
 * to the photo. The mesh model sees an upright crop and underestimates a strong tilt; on each levelled view
 * less tilt is left, which it reads better.
 */
async function refinedFace(
  image: RawImage,
  face: Face,
  pool: WorkerPool,
  signal?: AbortSignal,
): Promise<Face> {
  let current = face;
  for (let round = 0; round < PROBE_ROUNDS; round++) {
    const level = levelFace(current);
    const view = composeFrame(
      level,
      level.top - HAIR_GUESS * (level.bottom - level.top),
      PROBE_SIDE,
      PROBE_SIDE,
    );
    const pixels = warpColour({ pixels: image, x: 0, y: 0, scale: 1 }, view);
    const again = await detectFaces(
      { data: pixels, width: PROBE_SIDE, height: PROBE_SIDE, channels: 3 },
      pool,
      signal,
    );
    const found = mainFace(again, PROBE_SIDE, PROBE_SIDE);
    if (!found) break;
    current = faceOnPhoto(found, view);
    if (Math.abs(eyeRoll(found)) < Math.PI / 180) break;
  }
  return current;
}

/** The crop as is when the frame shrinks it or barely enlarges it, else enlarged 2x or 4x by the upscaler. */
async function detailFor(
  crop: RawImage,
  scale: number,
  deps: HeadshotDeps,
  onProgress: (fraction: number) => void,
): Promise<{ pixels: RawImage; upscaled: 1 | 2 | 4 }> {
  if (scale <= MAX_PLAIN_ENLARGEMENT) return { pixels: crop, upscaled: 1 };
  const factor = scale <= 2 * MAX_PLAIN_ENLARGEMENT ? 2 : 4;
  // The fast model: the frame is made from these pixels at a smaller scale, and the retouch restores detail.
  const esrgan = createLocalEsrganProvider({
    modelDir: deps.modelDir ?? 'data/models',
    pool: () => deps.pool,
  });
  const { image: pixels } = await esrgan.run(
    { image: crop, scale: factor, quality: 'fast', maxOutputPixels: Infinity },
    {
      signal: deps.signal ?? new AbortController().signal,
      timeoutMs: Infinity,
      log: silentLogger,
      progress: onProgress,
    },
  );
  return { pixels, upscaled: factor };
}

/** The frame's colour with `mask`'s pixels filled by the learned fill from what surrounds them. */
async function fillOnFrame(
  colour: Uint8Array,
  mask: Uint8Array,
  width: number,
  height: number,
  pool: WorkerPool,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const data = new Uint8Array(colour);
  const bits = new Uint8Array(mask);
  const { data: filled } = await pool.run(
    'inpaint',
    { data, width, height, channels: 3, mask: bits, options: { kind: 'object', grow: 2 } },
    { transferList: [data.buffer, bits.buffer], signal },
  );
  return filled;
}

/** The skin of the face on the frame, whose centre line is the frame's by construction. */
function skinSample(onFrame: Face, level: LevelFace, frame: FrameTransform) {
  const regions = faceRegions(onFrame, frame.width, frame.height);
  return {
    skin: regions.skin,
    roi: regions.roi,
    centreX: frame.width / 2,
    faceWidth: (level.right - level.left) * frame.scale,
  };
}

/** The person over the backdrop, the backdrop darkened by the person's soft shadow where it suits. */
function composite(
  person: Uint8Array,
  alpha: Uint8Array,
  backdrop: Uint8Array,
  shadow: boolean,
  width: number,
  height: number,
): Uint8Array {
  const dark = shadow ? shadowFromMatte(alpha, { width, height }) : undefined;
  const out = new Uint8Array(width * height * 3);
  for (let i = 0; i < alpha.length; i++) {
    const a = alpha[i] / 255;
    const d = dark ? 1 - (0.6 * dark[i]) / 255 : 1;
    for (let c = 0; c < 3; c++) {
      const k = i * 3 + c;
      out[k] = person[k] * a + backdrop[k] * d * (1 - a) + 0.5;
    }
  }
  return out;
}

/** The face-enhancement retouch at "subtle" on the face's region of the finished frame. */
async function retouchOnFrame(
  image: RawImage,
  face: Face,
  colourful: boolean,
  pool: WorkerPool,
  signal?: AbortSignal,
): Promise<void> {
  const roi = regionOfInterest(face, image.width, image.height);
  if (roi.width < 8 || roi.height < 8) return;
  const crop = cropRaw(image, roi);
  const cropData = crop.data as Uint8Array<ArrayBuffer>;
  const retouched = await pool.run(
    'retouch-face',
    {
      crop,
      face: shiftFace(face, -roi.x, -roi.y),
      options: { strength: 'subtle', skinSmoothing: true, colourful },
    },
    { transferList: [cropData.buffer], signal },
  );
  pasteRaw(image, retouched, roi.x, roi.y);
}
