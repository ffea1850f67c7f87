import { answerJobs } from '../../lib/helper-thread';
import { findPortrait } from './portrait-search';

/** The portrait check's helper thread: one photo at a time, in the order they come. */
answerJobs(findPortrait);
