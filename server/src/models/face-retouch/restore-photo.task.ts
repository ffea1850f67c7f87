import { restorePhotoTask } from './retouch.task';

/** Worker task `restore-photo`. */
export default restorePhotoTask;
