import { detectObjectsTask } from './detect.task';

/** Worker task `detect-objects`: every detection at or above NAMED_SCORE. */
export default detectObjectsTask;
