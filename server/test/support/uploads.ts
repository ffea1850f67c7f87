import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The project's own photos in assets/photos that show everyday scenes (all but the Hubble field). */
export const EVERYDAY_PHOTOS = [
  'Aqua.jpg',
  'Blinds.jpg',
  'Dune.jpg',
  'FreshFlower.jpg',
  'Garden.jpg',
  'GreenMeadow.jpg',
  'LadyBird.jpg',
  'RainDrops.jpg',
  'Storm.jpg',
  'TwoWings.jpg',
  'Wood.jpg',
  'YellowFlower.jpg',
  'coffee.png',
  'rocket.jpg',
  'astronaut.png',
  'chelsea.png',
];

export const photo = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../../assets/photos/${name}`, import.meta.url)));

/** A file of a multipart body; it goes in the "file" field unless `field` says otherwise. */
export interface FilePart {
  name: string;
  data: Buffer;
  type?: string;
  field?: string;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(fields: Record<string, string>, file?: FilePart | FilePart[]) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const part of [file ?? []].flat()) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.name}"\r\ncontent-type: ${part.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
