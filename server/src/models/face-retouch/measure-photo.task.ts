import { measurePhotoTask } from './retouch.task';

/** Worker task `measure-photo`. */
export default measurePhotoTask;
