import { describe, expect, it } from 'vitest';
import { drawnFace } from '../../../test/support/drawn-face';
import { KEYPOINTS, type Body } from '../bodies/body-detector.model';
import { armsByOwner } from './arms';

/** A skeleton with the given joints (others unseen): name to [x, y, score]. */
function body(joints: Partial<Record<(typeof KEYPOINTS)[number], [number, number, number]>>): Body {
  const points = new Float32Array(KEYPOINTS.length * 3);
  KEYPOINTS.forEach((name, k) => points.set(joints[name] ?? [0, 0, 0], k * 3));
  return { score: 0.5, points };
}

describe('armsByOwner', () => {
  const main = drawnFace(200, 130, 100);
  const neighbour = drawnFace(420, 120, 100);

  it("marks the arms of the skeleton whose head is the subject's face as the subject's, others' as not", () => {
    const arms = armsByOwner(
      [
        body({ nose: [200, 135, 0.8], rightElbow: [120, 330, 0.6], rightShoulder: [130, 230, 0.5] }),
        body({
          nose: [418, 125, 0.7],
          leftEye: [440, 110, 0.6],
          leftElbow: [330, 350, 0.4],
          leftWrist: [260, 300, 0.3],
        }),
      ],
      main,
      [main, neighbour],
    );
    const subjects = arms.filter((a) => a.subject);
    const others = arms.filter((a) => !a.subject);
    expect(subjects.find((a) => a.elbow)).toEqual({
      subject: true,
      shoulder: { x: 130, y: 230 },
      elbow: { x: 120, y: 330 },
      wrist: undefined,
    });
    expect(others.find((a) => a.elbow)).toEqual({
      subject: false,
      shoulder: undefined,
      elbow: { x: 330, y: 350 },
      wrist: { x: 260, y: 300 },
    });
  });

  it('leaves out a skeleton with no face of its own and joints the model is unsure of', () => {
    const arms = armsByOwner(
      [
        body({ nose: [40, 380, 0.9], leftElbow: [60, 390, 0.9] }),
        body({ nose: [200, 135, 0.8], leftElbow: [260, 330, 0.1] }),
      ],
      main,
      [main, neighbour],
    );
    expect(arms.every((a) => a.subject)).toBe(true);
    expect(arms.some((a) => a.elbow)).toBe(false);
  });
});
