/**
 * The photo and the taps as SAM's encoder and decoder take them.
 * Encoder input `input` 1x3x1024x1024 float32: the photo resized so that its longest side is 1024, planar RGB,
 * (px - mean) / std with ImageNet's mean and std in 0..255, zero (the mean) to the right and below.
 * Decoder prompt: taps and box corners in the resized photo's pixels, scaled per axis as SAM's
 * ResizeLongestSide does; a padding point (0, 0, -1) when there is no box.
 */

export const SAM_SIDE = 1024;
const PIXEL_MEAN = [123.675, 116.28, 103.53];
const PIXEL_STD = [58.395, 57.12, 57.375];

/** A photo and the size it has inside the encoder's square (top-left aligned). */
export interface InputGeometry {
  width: number;
  height: number;
  inputWidth: number;
  inputHeight: number;
}

/** SAM's ResizeLongestSide.get_preprocess_shape: the longest side becomes 1024, the other is rounded. */
export function inputGeometry(width: number, height: number): InputGeometry {
  const scale = SAM_SIDE / Math.max(width, height);
  return {
    width,
    height,
    inputWidth: Math.floor(width * scale + 0.5),
    inputHeight: Math.floor(height * scale + 0.5),
  };
}

/** Interleaved RGB at the input size to the encoder's zero-padded planar tensor. */
export function encoderTensor(rgb: Uint8Array, inputWidth: number, inputHeight: number): Float32Array {
  if (rgb.length !== inputWidth * inputHeight * 3)
    throw new Error(`expected ${inputWidth * inputHeight * 3} RGB bytes, got ${rgb.length}`);
  const plane = SAM_SIDE * SAM_SIDE;
  const out = new Float32Array(3 * plane);
  for (let y = 0; y < inputHeight; y++) {
    for (let x = 0, j = y * inputWidth * 3, o = y * SAM_SIDE; x < inputWidth; x++, j += 3, o++) {
      out[o] = (rgb[j] - PIXEL_MEAN[0]) / PIXEL_STD[0];
      out[o + plane] = (rgb[j + 1] - PIXEL_MEAN[1]) / PIXEL_STD[1];
      out[o + 2 * plane] = (rgb[j + 2] - PIXEL_MEAN[2]) / PIXEL_STD[2];
    }
  }
  return out;
}

export interface Tap {
  x: number;
  y: number;
  /** 1 adds what is under the tap, 0 removes it. */
  label: 0 | 1;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a person asked for, in the photo's pixels. */
export interface Prompt {
  points: Tap[];
  box?: Box;
}

/** A point of the photo in the encoder's input pixels. */
export function toInput(x: number, y: number, geometry: InputGeometry): [number, number] {
  return [(x * geometry.inputWidth) / geometry.width, (y * geometry.inputHeight) / geometry.height];
}

/** The decoder's `point_coords` (1xNx2) and `point_labels` (1xN). */
export function promptTensors(
  prompt: Prompt,
  geometry: InputGeometry,
): { coords: Float32Array; labels: Float32Array; count: number } {
  const coords: number[] = [];
  const labels: number[] = [];
  for (const p of prompt.points) {
    coords.push(...toInput(p.x, p.y, geometry));
    labels.push(p.label);
  }
  if (prompt.box) {
    const { x, y, width, height } = prompt.box;
    coords.push(...toInput(x, y, geometry), ...toInput(x + width, y + height, geometry));
    labels.push(2, 3);
  } else {
    coords.push(0, 0);
    labels.push(-1);
  }
  return { coords: Float32Array.from(coords), labels: Float32Array.from(labels), count: labels.length };
}
