import type { MessagePort } from 'node:worker_threads';
import type { TaskFn } from './task-types';

/**
 * Heavy work that runs off the HTTP event loop. Each task is a module whose default export takes a
 * payload (typed arrays and plain data; never a path from a user) and returns a result the same way.
 * Add a line here for a new task; the worker loads each module once, on first use.
 */
export const TASKS = {
  echo: () => import('./echo.task.ts'),
  'background-removal': () => import('../models/isnet/cutout.task.ts'),
  'esrgan-upscale': () => import('../models/esrgan/esrgan-upscale.task.ts'),
  inpaint: () => import('../models/inpaint/inpaint.task.ts'),
  'detect-objects': () => import('../models/detect/detect-objects.task.ts'),
  'locate-object': () => import('../models/detect/locate-object.task.ts'),
  'text-marks': () => import('../models/text-marks/text-marks.task.ts'),
  'detect-watermark': () => import('../models/watermark-detect/watermark-detect.task.ts'),
  'detect-faces': () => import('../models/face/detect-faces.task.ts'),
  'detect-hands': () => import('../models/hands/detect-hands.task.ts'),
  'detect-bodies': () => import('../models/bodies/detect-bodies.task.ts'),
  'measure-photo': () => import('../models/face-retouch/measure-photo.task.ts'),
  'restore-photo': () => import('../models/face-retouch/restore-photo.task.ts'),
  'face-detail': () => import('../models/face-retouch/face-detail.task.ts'),
  'retouch-face': () => import('../models/face-retouch/retouch-face.task.ts'),
  'person-matte': () => import('../models/person-matte/person-matte.task.ts'),
  'select-object': () => import('../models/sam/select-object.task.ts'),
  'same-mark': () => import('../models/watermark-batch/same-mark.task.ts'),
} satisfies Record<string, () => Promise<{ default: TaskFn<never, unknown> }>>;

export type TaskName = keyof typeof TASKS;

export type TaskPayload<N extends TaskName> = Parameters<
  Awaited<ReturnType<(typeof TASKS)[N]>>['default']
>[0];
export type TaskResult<N extends TaskName> = Awaited<
  ReturnType<Awaited<ReturnType<(typeof TASKS)[N]>>['default']>
>;

export interface WorkerRequest {
  task: TaskName;
  payload: unknown;
  port?: MessagePort;
}
