import { describe, expect, it } from 'vitest';
import { chooseTargets, foundLabels } from './locate';
import { selectDetections } from './select';
import type { Detection } from './types';

const det = (label: string, x: number, y: number, size: number, score = 0.6): Detection => ({
  label,
  score,
  box: { x, y, width: size, height: size },
});

const dogs = [det('dog', 500, 50, 100), det('dog', 20, 300, 60), det('dog', 250, 150, 200, 0.4)];
const photo = [...dogs, det('person', 0, 0, 300)];

describe('selectDetections', () => {
  it('picks the person whose clothes are of the named colour, and none when nobody wears it', () => {
    // Two people side by side on a grey wall: the left one in a green shirt, the right one in red
    const width = 200;
    const height = 100;
    const data = new Uint8Array(width * height * 3).fill(128);
    const paint = (x0: number, rgb: number[]) => {
      for (let y = 30; y < 80; y++) for (let x = x0; x < x0 + 60; x++) data.set(rgb, (y * width + x) * 3);
    };
    paint(20, [40, 160, 60]);
    paint(120, [190, 30, 40]);
    const image = { data, width, height, channels: 3 as const };
    const people = [
      { label: 'person', score: 0.9, box: { x: 10, y: 0, width: 80, height: 100 } },
      { label: 'person', score: 0.9, box: { x: 110, y: 0, width: 80, height: 100 } },
    ];
    expect(selectDetections(people, 'person', { which: 'wearing', colour: 'green' }, image)).toEqual([
      people[0],
    ]);
    expect(selectDetections(people, 'person', { which: 'wearing', colour: 'red' }, image)).toEqual([
      people[1],
    ]);
    expect(selectDetections(people, 'person', { which: 'wearing', colour: 'yellow' }, image)).toEqual([]);
  });

  it('filters by label and returns every one for all', () => {
    expect(selectDetections(photo, 'dog', { which: 'all' })).toEqual(dogs);
    expect(selectDetections(photo, 'person', { which: 'all' })).toHaveLength(1);
  });

  it('is empty when the label is absent', () => {
    expect(selectDetections(photo, 'cat', { which: 'default' })).toEqual([]);
    expect(selectDetections(photo, 'cat', { which: 'all' })).toEqual([]);
  });

  it('picks by box centre for left, right, top and bottom', () => {
    expect(selectDetections(photo, 'dog', { which: 'left' })).toEqual([dogs[1]]);
    expect(selectDetections(photo, 'dog', { which: 'right' })).toEqual([dogs[0]]);
    expect(selectDetections(photo, 'dog', { which: 'top' })).toEqual([dogs[0]]);
    expect(selectDetections(photo, 'dog', { which: 'bottom' })).toEqual([dogs[1]]);
  });

  it('picks several from a side: so many nearest it, or all in its half of the photo', () => {
    // Four people in a row across a 1000 px photo, centres at 100, 300, 600 and 850
    const row = [100, 300, 600, 850].map((cx) => det('person', cx - 50, 100, 100));
    const frame = { width: 1000, height: 400 };
    expect(selectDetections(row, 'person', { which: 'left', several: 2 }, frame)).toEqual([row[0], row[1]]);
    expect(selectDetections(row, 'person', { which: 'right', several: 3 }, frame)).toEqual([
      row[3],
      row[2],
      row[1],
    ]);
    expect(selectDetections(row, 'person', { which: 'left', several: 'half' }, frame)).toEqual([
      row[0],
      row[1],
    ]);
    expect(selectDetections(row, 'person', { which: 'right', several: 'half' }, frame)).toEqual([
      row[3],
      row[2],
    ]);
    // Everyone in the left half of the photo: none is, so the one nearest the left
    const rightOnly = row.slice(2);
    expect(selectDetections(rightOnly, 'person', { which: 'left', several: 'half' }, frame)).toEqual([
      rightOnly[0],
    ]);
  });

  it('picks by box area for biggest and smallest', () => {
    expect(selectDetections(photo, 'dog', { which: 'biggest' })).toEqual([dogs[2]]);
    expect(selectDetections(photo, 'dog', { which: 'smallest' })).toEqual([dogs[1]]);
    // "the two dogs in front": the two largest, largest first
    expect(selectDetections(photo, 'dog', { which: 'biggest', several: 2 })).toEqual([dogs[2], dogs[0]]);
  });

  it('counts nth from the left, 0-based, and gives nothing past the end', () => {
    expect(selectDetections(photo, 'dog', { which: 'nth', index: 0 })).toEqual([dogs[1]]);
    expect(selectDetections(photo, 'dog', { which: 'nth', index: 1 })).toEqual([dogs[2]]);
    expect(selectDetections(photo, 'dog', { which: 'nth', index: 2 })).toEqual([dogs[0]]);
    expect(selectDetections(photo, 'dog', { which: 'nth', index: 3 })).toEqual([]);
  });

  it('takes the one nearest the middle of the photo for center, or of the group without a frame', () => {
    expect(selectDetections(photo, 'dog', { which: 'center' }, { width: 700, height: 500 })).toEqual([
      dogs[2],
    ]);
    expect(selectDetections(photo, 'dog', { which: 'center' })).toEqual([dogs[2]]);
  });

  it('gives the single one for default, or the most prominent by area weighted by score', () => {
    expect(selectDetections(photo, 'person', { which: 'default' })).toEqual([photo[3]]);
    // 200^2 * 0.4 = 16000 beats 100^2 * 0.6 = 6000.
    expect(selectDetections(photo, 'dog', { which: 'default' })).toEqual([dogs[2]]);
    const doubtful = [det('dog', 0, 0, 110, 0.2), det('dog', 300, 0, 100, 0.9)];
    expect(selectDetections(doubtful, 'dog', { which: 'default' })).toEqual([doubtful[1]]);
  });
});

describe('chooseTargets and foundLabels', () => {
  const weak = [det('person', 0, 0, 100, 0.62), det('cup', 200, 0, 50, 0.24), det('tie', 300, 0, 20, 0.18)];

  it('takes everyone but the most prominent for background, and nobody when there is only one', () => {
    expect(selectDetections(photo, 'dog', { which: 'background' })).toEqual([dogs[0], dogs[1]]);
    expect(selectDetections(photo, 'person', { which: 'background' })).toEqual([]);
  });

  it('keeps as many of the most prominent as asked: "everyone except me and my daughter"', () => {
    expect(selectDetections(photo, 'dog', { which: 'background', keep: 2 })).toEqual([dogs[1]]);
    expect(selectDetections(photo, 'dog', { which: 'background', keep: 3 })).toEqual([]);
  });

  it('takes a weak detection of the named label when there is no confident one', () => {
    expect(chooseTargets(weak, 'cup', { which: 'default' }, { width: 400, height: 200 })).toEqual([weak[1]]);
    expect(chooseTargets(weak, 'tie', { which: 'default' }, { width: 400, height: 200 })).toEqual([]);
  });

  it('ignores weak ones of a label when a confident one exists', () => {
    const mixed = [det('dog', 0, 0, 100, 0.5), det('dog', 200, 0, 300, 0.22)];
    expect(chooseTargets(mixed, 'dog', { which: 'all' }, { width: 600, height: 400 })).toEqual([mixed[0]]);
  });

  it('lists what was found confidently, each label once, most confident first', () => {
    const found = [det('cup', 0, 0, 10, 0.4), det('person', 0, 0, 10, 0.7), det('cup', 0, 0, 10, 0.5)];
    expect(foundLabels([...found, ...weak])).toEqual(['person', 'cup']);
  });
});
