import { locateObjectTask } from './detect.task';

/** Worker task `locate-object`: the mask of the object an instruction names, or what was found instead. */
export default locateObjectTask;
