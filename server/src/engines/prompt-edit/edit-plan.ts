/**
 * The typed plan an instruction becomes: steps run in order, each by one image operation or engine. The
 * interpreter (language to plan) and the executor (plan to pixels) meet only here.
 */
import type { Backdrop } from '@common/schemas/mode-options';
import type { ObjectSelector } from '../../models/detect/types';

/** Which of several named objects a step means: the detector's vocabulary, part of the plan's. */
export type { ObjectSelector };

/** The part of the photo a selective-colour step keeps in colour: a face part, named objects, or a hue. */
export type KeepRegion =
  | { part: 'eyes' | 'lips' }
  | { label: string; select: ObjectSelector }
  /** A colour's name as the person said it ('red', 'yellow'): pixels of that hue keep their colour. */
  | { hue: string }
  /** The photo's subject as the background removal cuts it out: "make the background black and white". */
  | { subject: true }
  /**
   * A thing no detector knows ("except the flowers"): the person taps or paints it, and the request carries
   * that mask. marked: the person's own words for it.
   */
  | { marked: string };

/**
 * What a blur for privacy hides: faces (all, all but the main one, or the main one), or a thing the person taps
 * or paints ("my license plate"; `marked` is their words for it).
 */
export type BlurRegion = { faces: 'all' | 'background' | 'main' } | { marked: string };

/** The colour cast the person named, when they named one: "too yellow", "fluorescent" (green), "purple skin". */
export type ColourCast = 'yellow' | 'blue' | 'green' | 'magenta' | 'red';

/**
 * The photo's sides cut away by a crop that names them ("crop out the bottom third"), each a share of the
 * photo's height (top, bottom) or width (left, right).
 */
export interface CropEdges {
  top?: number;
  bottom?: number;
  left?: number;
  right?: number;
}

/** A backdrop behind a cut-out subject, as background removal's options take it. Colours are #rrggbb. */
export type { Backdrop };

export type EditStep =
  /** amount: signed fraction of change, +0.2 = 20 % brighter, -0.3 = 30 % darker. */
  | { kind: 'brightness'; amount: number }
  | { kind: 'contrast'; amount: number }
  | { kind: 'saturation'; amount: number }
  /** + warmer, - cooler. */
  | { kind: 'warmth'; amount: number }
  | { kind: 'grayscale' }
  | { kind: 'sepia' }
  | { kind: 'auto-levels' }
  /** Neutral greys, skin held to a natural range; `cast` is the cast the person named, when they named one. */
  | { kind: 'auto-white-balance'; cast?: ColourCast }
  /** Detail brought back from burnt highlights and deep shadows, each 0..1 (0 = leave alone). */
  | { kind: 'light-recovery'; highlights: number; shadows: number }
  /** "Make it clearer": JPEG clean-up (2x where the photo is small), then sharpening. */
  | { kind: 'clarify' }
  /** amount 0..1: gentle to strong. */
  | { kind: 'sharpen'; amount: number }
  | { kind: 'denoise'; amount: number }
  /** The whole photo, or with `region` only faces or a thing the person marks, blurred past recognition. */
  | { kind: 'blur'; amount: number; region?: BlurRegion }
  /** The corners darkened (amount 0..1) or, negative, a lens's dark corners lightened. */
  | { kind: 'vignette'; amount: number }
  /** Clockwise. */
  | { kind: 'rotate'; degrees: 90 | 180 | 270 }
  | { kind: 'flip'; axis: 'horizontal' | 'vertical' }
  /**
   * The largest crop of this width:height ratio around the subject (faces and the main object kept whole), or
   * padding when a crop would cut the subject; with `size`, then scaled to exactly that many pixels. label is
   * how the person named it ("Instagram", "a 1920 x 1080 wallpaper", "a 5x7 print"). Without `aspect`,
   * the crop keeps the photo's shape and closes in on the subject, centred ("zoom in on the plant"). With
   * `edges`, those strips are cut away and nothing else.
   */
  | {
      kind: 'crop';
      aspect?: { width: number; height: number };
      size?: { width: number; height: number };
      /** Prints and paper: the ratio is turned to the photo's own orientation. */
      anyOrientation?: boolean;
      label?: string;
      edges?: CropEdges;
    }
  /** Level a tilted photo by its horizon or dominant lines, cropped to the largest clean rectangle. */
  | { kind: 'straighten' }

  /** One side given keeps the aspect ratio; both fit the photo inside that box; a factor scales both sides. */
  | { kind: 'resize'; width?: number; height?: number; factor?: number }
  | { kind: 'upscale'; scale: 2 | 4 }
  | { kind: 'background'; backdrop: Backdrop }
  /**
   * label: a COCO class name as the detector reports it ('person', 'dog', 'cell phone'); `also`: other classes
   * the detector may report for the same thing (an RV is seen as a truck, a car or a bus); `name`: the
   * person's own word when it is not the class's ("RV").
   */
  | { kind: 'remove-object'; label: string; select: ObjectSelector; also?: string[]; name?: string }
  | { kind: 'remove-text'; target: 'date-stamp' | 'text' | 'watermark' }
  /**
   * A thing no detector finds ("the RV", "the card in front of her face"): the person taps or paints it in the
   * editor, and the request carries that mask. thing: the person's own words for it.
   */
  | { kind: 'remove-marked'; thing: string }
  | { kind: 'enhance-face'; smoothSkin: boolean }
  /** Red or glowing pupils made dark, from the face landmarks. */
  | { kind: 'red-eye' }
  /** Red veins and a flush taken out of the whites of the eyes ("bloodshot"), amount 0..1. */
  | { kind: 'clear-eye-whites'; amount: number }
  /** The irises and whites lifted, the pupils kept dark ("brighten her eyes", "make the eyes pop"), amount 0..1. */
  | { kind: 'brighten-eyes'; amount: number }
  /** amount 0..1. */
  | { kind: 'whiten-teeth'; amount: number }
  /** Sunburn and blotchy redness of the skin calmed, amount 0..1. */
  | { kind: 'reduce-redness'; amount: number }
  /** Everything black and white except the region named. */
  | { kind: 'selective-colour'; keep: KeepRegion }
  | { kind: 'headshot' };

export type EditStepKind = EditStep['kind'];

/** A part of the instruction that names no step the product can do, with the reason in plain words. */
export interface SkippedWish {
  /** The words of the instruction it came from, as the person wrote them. */
  text: string;
  reason: string;
}

/**
 * What an instruction means. `steps` empty means nothing in it can be done here; `skipped` says why. When some
 * wishes can be done and others not, the doable ones run and the answer names the rest.
 */
export interface EditPlan {
  steps: EditStep[];
  skipped: SkippedWish[];
}
