import { faceDetailTask } from './retouch.task';

/** Worker task `face-detail`. */
export default faceDetailTask;
