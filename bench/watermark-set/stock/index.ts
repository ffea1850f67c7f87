import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeRaw, type RawImage } from '../../../server/src/lib/image/raw-image';

/**
 * The stock-style evaluation set (README.md beside this file): marks as stock sites and cameras make them, drawn
 * by make-stock-set.py over photos of Debian packages into a folder outside the repository. Detection only: a
 * case holds the marked photo and the mark's true mask, not the photo before it.
 */
export type StockPart = 'stock-heldout' | 'stock-tuning';

export interface StockCase {
  /** `hs-001`... (held-out part), `ts-001`... (tuning part). */
  id: string;
  part: StockPart;
  /** diagonal-white-thin, tiled-grid, date-imprint-dark..., or clean. */
  kind: string;
  /** The photo's path inside its package's folder. */
  photo: string;
  input: RawImage;
  /** 1 where the mark's opacity is at least 2 %; all 0 on clean photos. */
  trueMask: Uint8Array;
}

interface CasesFile {
  part: 'heldout' | 'tuning';
  cases: { id: string; kind: string; photo: string }[];
}

/** The cases of one part, made by `make-stock-set.py PART DIR ...`, in the order it drew them. */
export async function loadStockSet(dir: string): Promise<StockCase[]> {
  const file = JSON.parse(readFileSync(path.join(dir, 'cases.json'), 'utf8')) as CasesFile;
  const cases: StockCase[] = [];
  for (const c of file.cases) {
    const input = await decodeRaw(readFileSync(path.join(dir, `${c.id}-input.png`)), 3);
    const mask = await decodeRaw(readFileSync(path.join(dir, `${c.id}-mask.png`)), 1);
    cases.push({
      id: c.id,
      part: `stock-${file.part}`,
      kind: c.kind,
      photo: c.photo,
      input,
      trueMask: mask.data.map((v) => (v >= 128 ? 1 : 0)),
    });
  }
  return cases;
}
