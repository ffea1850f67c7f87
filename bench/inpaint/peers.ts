import cvModule from '@techstark/opencv-js';
import type { RawImage } from '../../server/src/lib/image/raw-image';

type Cv = typeof cvModule;

/**
 * OpenCV's inpainting (Telea 2004 and Navier-Stokes), the peers the benchmark compares against.
 * The module object is a thenable: never await it or return it from an async function; wait for the
 * runtime and hand it around inside an object.
 */
export function loadOpenCv(): Promise<{ cv: Cv }> {
  return new Promise((resolve) => {
    const m = cvModule as unknown as { Mat?: unknown; onRuntimeInitialized?: () => void };
    if (m.Mat) resolve({ cv: cvModule });
    else m.onRuntimeInitialized = () => resolve({ cv: cvModule });
  });
}

export function opencvInpaint(
  holder: { cv: Cv },
  image: RawImage,
  mask: Uint8Array,
  method: 'telea' | 'ns',
  radius = 3,
): RawImage {
  const { cv } = holder;
  const src = new cv.Mat(image.height, image.width, cv.CV_8UC3);
  src.data.set(image.data);
  const maskBytes = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) maskBytes[i] = mask[i] ? 255 : 0;
  const m = new cv.Mat(image.height, image.width, cv.CV_8UC1);
  m.data.set(maskBytes);
  const dst = new cv.Mat();
  try {
    cv.inpaint(src, m, dst, radius, method === 'telea' ? cv.INPAINT_TELEA : cv.INPAINT_NS);
    return { data: new Uint8Array(dst.data), width: image.width, height: image.height, channels: 3 };
  } finally {
    src.delete();
    m.delete();
    dst.delete();
  }
}
