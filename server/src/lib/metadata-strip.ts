import type { ImageFormat } from './image-format';

/**
 * The file without its metadata, pixels untouched: the segments or chunks that carry EXIF, XMP, IPTC, comments,
 * thumbnails and other pictures are cut out of the container, and whatever follows the image's end is dropped.
 * Answers null where that cannot be done safely (an unexpected layout, or a WebP that carries metadata), and the
 * caller re-encodes instead. Only for photos without a colour profile: those are re-encoded, which applies it.
 */
export function stripMetadata(bytes: Buffer, format: ImageFormat): Buffer | null {
  try {
    return format === 'jpeg' ? stripJpeg(bytes) : format === 'png' ? stripPng(bytes) : plainWebp(bytes);
  } catch {
    return null;
  }
}

const SOS = 0xda;
const EOI = 0xd9;
/** JFIF and Adobe (which says how to decode the colours); every other APPn and COM is metadata. */
const KEPT_APP = new Set([0xe0, 0xee]);

function stripJpeg(bytes: Buffer): Buffer | null {
  const parts: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === SOS) {
      const end = endOfImage(bytes, at);
      if (end < 0) return null;
      parts.push(bytes.subarray(at, end));
      return Buffer.concat(parts);
    }
    const length = bytes.readUInt16BE(at + 2);
    const next = at + 2 + length;
    if (length < 2 || next > bytes.length) return null;
    const metadata = (marker >= 0xe0 && marker <= 0xef && !KEPT_APP.has(marker)) || marker === 0xfe;
    if (!metadata) parts.push(bytes.subarray(at, next));
    at = next;
  }
  return null;
}

/** Just past the EOI marker: in the scans' data a 0xFF is followed by 0 (stuffing) or a restart marker, never 0xD9. */
function endOfImage(bytes: Buffer, from: number): number {
  for (let at = bytes.indexOf(0xff, from + 2); at >= 0; at = bytes.indexOf(0xff, at + 1)) {
    if (bytes[at + 1] === EOI) return at + 2;
  }
  return -1;
}

const PNG_SIGNATURE = 8;
/** The ancillary chunks that change how the pixels look; text, EXIF, times and private chunks go. */
const KEPT_PNG_ANCILLARY = new Set(['tRNS', 'gAMA', 'cHRM', 'sRGB', 'sBIT', 'pHYs', 'bKGD']);

function stripPng(bytes: Buffer): Buffer | null {
  const parts: Buffer[] = [bytes.subarray(0, PNG_SIGNATURE)];
  let at = PNG_SIGNATURE;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const next = at + 12 + length;
    if (next > bytes.length) return null;
    const critical = type[0] >= 'A' && type[0] <= 'Z';
    if (critical || KEPT_PNG_ANCILLARY.has(type)) parts.push(bytes.subarray(at, next));
    if (type === 'IEND') return Buffer.concat(parts);
    at = next;
  }
  return null;
}

/** A WebP is kept only when it has no EXIF or XMP chunk: removing one means rewriting the extended header. */
function plainWebp(bytes: Buffer): Buffer | null {
  for (let at = 12; at + 8 <= bytes.length;) {
    const type = bytes.toString('latin1', at, at + 4);
    if (type === 'EXIF' || type === 'XMP ') return null;
    const size = bytes.readUInt32LE(at + 4);
    at += 8 + size + (size % 2);
  }
  return bytes;
}
