import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeRaw } from '../../lib/image/raw-image';
import { CenternetModel } from './centernet.model';
import { foundLabels, FOUND_SCORE } from './locate';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const photo = async (name: string) =>
  decodeRaw(
    await readFile(
      name.startsWith('face-')
        ? path.join(ROOT, 'server/test/fixtures/detect', name)
        : path.join(ROOT, 'assets/photos', name),
    ),
    3,
  );

describe('CenternetModel on real photos', () => {
  const sut = new CenternetModel();
  afterAll(() => sut.dispose());

  it('finds the cat in chelsea.png, boxing most of the frame', async () => {
    const image = await photo('chelsea.png');
    const cats = (await sut.predict(image)).filter((d) => d.label === 'cat' && d.score >= FOUND_SCORE);
    expect(cats).toHaveLength(1);
    expect(cats[0].box.width * cats[0].box.height).toBeGreaterThan(0.5 * image.width * image.height);
  });

  it('finds the cup in coffee.png, centred on the cup', async () => {
    const image = await photo('coffee.png');
    const detections = await sut.predict(image);
    expect(foundLabels(detections)[0]).toBe('cup');
    const cup = detections.find((d) => d.label === 'cup')!;
    // The cup (without its saucer) spans about x 180-410, y 20-290 in the 600x400 photo.
    expect(Math.abs(cup.box.x + cup.box.width / 2 - 295)).toBeLessThan(40);
    expect(Math.abs(cup.box.y + cup.box.height / 2 - 155)).toBeLessThan(50);
  });

  it('finds the astronaut as one person and nothing else confidently', async () => {
    const detections = await sut.predict(await photo('astronaut.png'));
    expect(foundLabels(detections)).toEqual(['person']);
    expect(detections.filter((d) => d.label === 'person' && d.score >= FOUND_SCORE)).toHaveLength(1);
  });

  it('counts people in group photos roughly (crowded and cut-off people are missed)', async () => {
    const people = async (name: string) =>
      (await sut.predict(await photo(name))).filter((d) => d.label === 'person' && d.score >= FOUND_SCORE)
        .length;
    // About 12 actors on stage, 6-7 musicians, 3 workers.
    expect(await people('face-stage-actors-group.jpg')).toBeGreaterThanOrEqual(6);
    expect(await people('face-stage-actors-group.jpg')).toBeLessThanOrEqual(12);
    expect(await people('face-mariachi-band-smiling.jpg')).toBeGreaterThanOrEqual(3);
    expect(await people('face-mariachi-band-smiling.jpg')).toBeLessThanOrEqual(7);
    expect(await people('face-aircraft-workers-1940s.jpg')).toBeGreaterThanOrEqual(2);
    expect(await people('face-aircraft-workers-1940s.jpg')).toBeLessThanOrEqual(3);
  });

  it('finds no animal in the landscape photos', async () => {
    for (const name of ['Dune.jpg', 'Storm.jpg']) {
      const labels = foundLabels(await sut.predict(await photo(name)));
      expect(labels.filter((l) => ['cat', 'dog', 'bird', 'horse', 'person'].includes(l))).toEqual([]);
    }
  });
});
