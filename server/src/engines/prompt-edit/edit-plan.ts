/**
 * The typed plan an instruction becomes: steps run in order, each by one image operation or engine. The
 * interpreter (language to plan) and the executor (plan to pixels) meet only here.
 */

/** Where a named object is, when the photo has several: "the dog on the left", "the biggest car", "all". */
export type ObjectSelector =
  | { which: 'all' }
  | { which: 'left' | 'right' | 'top' | 'bottom' | 'biggest' | 'smallest' | 'center' }
  /** "the second person" counted from the left; index is 0-based. */
  | { which: 'nth'; index: number }
  /** No qualifier: the one there is, or the most prominent of several. */
  | { which: 'default' }
  /** "the guy behind me", "people in the background": everyone but the most prominent. */
  | { which: 'background' };

/** A backdrop behind a cut-out subject. Colours are #rrggbb. */
export type Backdrop = { kind: 'transparent' } | { kind: 'color'; color: string } | { kind: 'blur' };

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
  | { kind: 'auto-white-balance' }
  /** amount 0..1: gentle to strong. */
  | { kind: 'sharpen'; amount: number }
  | { kind: 'denoise'; amount: number }
  | { kind: 'blur'; amount: number }
  /** Clockwise. */
  | { kind: 'rotate'; degrees: 90 | 180 | 270 }
  | { kind: 'flip'; axis: 'horizontal' | 'vertical' }
  /** Largest centred crop of this width:height ratio; label is how the person named it ("Instagram"). */
  | { kind: 'crop'; aspect: { width: number; height: number }; label?: string }
  /** One side given keeps the aspect ratio; both fit the photo inside that box; a factor scales both sides. */
  | { kind: 'resize'; width?: number; height?: number; factor?: number }
  | { kind: 'upscale'; scale: 2 | 4 }
  | { kind: 'background'; backdrop: Backdrop }
  /** label: a COCO class name as the detector reports it ('person', 'dog', 'cell phone'). */
  | { kind: 'remove-object'; label: string; select: ObjectSelector }
  | { kind: 'remove-text'; target: 'date-stamp' | 'text' | 'watermark' }
  | { kind: 'enhance-face'; smoothSkin: boolean }
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
