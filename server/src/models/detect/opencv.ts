import { createRequire } from 'node:module';
import type CvModule from '@techstark/opencv-js';

export type Cv = typeof CvModule;

/**
 * OpenCV.js, ready, in a box. Its module object is a thenable, so it is never returned from an async function
 * or awaited (the promise would adopt it again and again); it is loaded with require because an ES import's
 * namespace carries the same `then` and hangs loaders that await it.
 */
let ready: Promise<{ cv: Cv }> | undefined;

export function loadOpenCv(): Promise<{ cv: Cv }> {
  ready ??= new Promise((resolve) => {
    const cv = createRequire(import.meta.url)('@techstark/opencv-js') as Cv & {
      Mat?: unknown;
      onRuntimeInitialized?: () => void;
    };
    if (cv.Mat) resolve({ cv });
    else cv.onRuntimeInitialized = () => resolve({ cv });
  });
  return ready;
}
