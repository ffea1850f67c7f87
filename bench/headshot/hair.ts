/**
 * How the hair's edge comes out, against hand-made mattes (hair-mattes/README.md says how they were made):
 * the mean absolute alpha error in the trimap's unknown band above the brows, where hair meets the
 * background. Scored: the headshot's matte (RVM refined at the photo's edges) and ISNet with the hair-aware
 * refinement, which was the headshot's matte above the chin before.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { decodePhoto, type RawImage } from '../../server/src/lib/image/raw-image';
import { cropRaw } from '../../server/src/models/face-retouch';
import { modelFor } from '../../server/src/models/isnet/cutout.task';
import { peopleMatte, personMatte } from '../../server/src/models/person-matte/person-matte';
import { PHOTO_DIR } from '../face-enhancement/photos';

const DIR = new URL('./hair-mattes/', import.meta.url).pathname;
/** Band pixels this close to a box that is not the subject are left out: there the question is whose hair. */
const NOT_SUBJECT_MARGIN = 10;

interface Entry {
  crop: { x: number; y: number; width: number; height: number };
  /** Rows of the crop above this hold hair, not cheeks and shoulders. */
  hairAbove: number;
  notSubject: [number, number, number, number][];
}

export interface HairScore {
  photo: string;
  bandPixels: number;
  /** Mean absolute alpha error in the band, 0-1. */
  error: { headshot: number; isnet: number };
}

async function grey(file: string): Promise<Uint8Array> {
  const { data } = await sharp(path.join(DIR, file))
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data);
}

function bandError(estimate: Uint8Array, truth: Uint8Array, band: Uint8Array): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < band.length; i++) {
    if (!band[i]) continue;
    sum += Math.abs(estimate[i] - truth[i]);
    n++;
  }
  return n ? sum / n / 255 : 0;
}

export async function hairScores(): Promise<HairScore[]> {
  const entries = JSON.parse(await readFile(path.join(DIR, 'mattes.json'), 'utf8')) as Record<string, Entry>;
  const rows: HairScore[] = [];
  for (const [file, entry] of Object.entries(entries)) {
    const photo = (await decodePhoto(await readFile(path.join(PHOTO_DIR, file)))).image;
    const crop: RawImage = cropRaw(photo, entry.crop);
    const base = file.replace(/\.(jpg|png)$/, '');
    const trimap = await grey(`${base}.trimap.png`);
    const truth = await grey(`${base}.alpha.png`);
    const { width } = entry.crop;
    const band = trimap.map((t, i) => {
      const x = i % width;
      const y = Math.floor(i / width);
      const near = entry.notSubject.some(
        ([x0, y0, x1, y1]) =>
          x >= x0 - NOT_SUBJECT_MARGIN &&
          x < x1 + NOT_SUBJECT_MARGIN &&
          y >= y0 - NOT_SUBJECT_MARGIN &&
          y < y1 + NOT_SUBJECT_MARGIN,
      );
      return t === 128 && y < entry.hairAbove && !near ? 1 : 0;
    });
    const headshot = await peopleMatte({ ...crop, data: new Uint8Array(crop.data) });
    const isnet = await personMatte({ ...crop, data: new Uint8Array(crop.data) }, modelFor('medium'));
    rows.push({
      photo: file,
      bandPixels: band.reduce((s, v) => s + v, 0),
      error: { headshot: bandError(headshot, truth, band), isnet: bandError(isnet, truth, band) },
    });
  }
  return rows;
}
