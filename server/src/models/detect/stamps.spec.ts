import { afterAll, describe, expect, it } from 'vitest';
import { compose, maskAgreement } from '../../../test/fixtures/detect/composite';
import { CenternetModel } from './centernet.model';
import { chooseTargets } from './locate';
import { objectMask } from './object-mask';

/**
 * Photographed animals and a truck (cut-outs with alpha) pasted on real photos: the mask is scored against
 * the exact object. These were first run after the mask's settings were fixed, as an evaluation.
 */
describe('detection and mask of pasted objects with a known outline', () => {
  const model = new CenternetModel();
  afterAll(() => model.dispose());

  it.each([
    ['dog.png', 'dog', 'Dune.jpg', 0.7, 0.6, 0.4],
    ['dingo.png', 'dog', 'Wood.jpg', 0.5, 0.6, 0.35],
    ['pigeon.png', 'bird', 'Blinds.jpg', 0.6, 0.5, 0.3],
    ['seagull.png', 'bird', 'Storm.jpg', 0.4, 0.35, 0.25],
    ['duck.png', 'bird', 'GreenMeadow.jpg', 0.65, 0.65, 0.35],
    ['elephant.png', 'elephant', 'Dune.jpg', 0.4, 0.55, 0.45],
    ['giraffe.png', 'giraffe', 'GreenMeadow.jpg', 0.5, 0.5, 0.6],
    ['garbagetruck.png', 'truck', 'Wood.jpg', 0.5, 0.6, 0.35],
  ])('finds %s as a %s on %s and masks its outline', async (stamp, label, background, cx, cy, height) => {
    const { image, truths } = await compose(background, [{ stamp, cx, cy, height }]);
    const targets = chooseTargets(await model.predict(image), label, { which: 'default' }, image);
    expect(targets).toHaveLength(1);
    const sut = await objectMask(
      image,
      targets.map((d) => d.box),
    );
    const a = maskAgreement(sut, truths[0], image.width, image.height, 6);
    console.info(
      `${stamp} on ${background}: IoU ${a.iou.toFixed(2)} recall ${a.recall.toFixed(3)} precision ${a.precision.toFixed(2)}`,
    );
    // The mask is grown on purpose (soft edges, shadows), which caps IoU below 1.
    expect(a.iou).toBeGreaterThan(0.7);
    expect(a.recall).toBeGreaterThan(0.85);
    expect(a.precision).toBeGreaterThan(0.95);
  });

  it('tells the dog on the left from the dog on the right', async () => {
    const { image, truths } = await compose('Dune.jpg', [
      { stamp: 'dog.png', cx: 0.25, cy: 0.6, height: 0.4 },
      { stamp: 'dingo.png', cx: 0.75, cy: 0.65, height: 0.3 },
    ]);
    const detections = await model.predict(image);
    const left = chooseTargets(detections, 'dog', { which: 'left' }, image);
    const right = chooseTargets(detections, 'dog', { which: 'right' }, image);
    expect(chooseTargets(detections, 'dog', { which: 'all' }, image)).toHaveLength(2);
    const onLeft = maskAgreement(
      await objectMask(image, [left[0].box]),
      truths[0],
      image.width,
      image.height,
      6,
    );
    const onRight = maskAgreement(
      await objectMask(image, [right[0].box]),
      truths[1],
      image.width,
      image.height,
      6,
    );
    expect(onLeft.recall).toBeGreaterThan(0.85);
    expect(onRight.recall).toBeGreaterThan(0.85);
  });
});
