/**
 * Child process for the peak-memory figure: face enhancement of a 12-megapixel photo with three faces (saved
 * as JPEG quality 80 first, so the clean-up runs), the way the server runs it, in a worker pool of two threads
 * (INFERENCE_THREADS=2: two strips of the photo in flight at once, the most memory it takes).
 * Prints the process's peak resident set size (VmHWM: the worker threads share the process).
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { enhancePhoto } from '../../server/src/engines/face-enhancement/enhance-photo';
import { decodeRaw } from '../../server/src/lib/image/raw-image';
import { createWorkerPool } from '../../server/src/inference/pool';
import { triptych } from './photos';

const big = await triptych(12);
const jpeg = await sharp(big.data, { raw: { width: big.width, height: big.height, channels: 3 } })
  .jpeg({ quality: 80 })
  .toBuffer();
const image = await decodeRaw(jpeg, 3);
const pool = createWorkerPool({ threads: 2 });
const started = Date.now();
const result = await enhancePhoto(image, { strength: 'natural', skinSmoothing: true }, { pool });
const seconds = (Date.now() - started) / 1000;
await pool.close();
const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
process.stdout.write(
  JSON.stringify({
    input: `${image.width}x${image.height}`,
    width: result.image.width,
    height: result.image.height,
    faces: result.faces.length,
    seconds,
    peakRssMb: (match ? Number(match[1]) : process.resourceUsage().maxRSS) / 1024,
  }),
);
