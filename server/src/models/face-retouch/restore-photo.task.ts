import { restoreStripTask } from './retouch.task';

/** Worker task `restore-photo`: one strip of the photo restored and enlarged 2x. */
export default restoreStripTask;
