import { retouchFaceTask } from './retouch.task';

/** Worker task `retouch-face`. */
export default retouchFaceTask;
