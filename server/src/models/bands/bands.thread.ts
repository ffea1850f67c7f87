import { answerJobs } from '../../lib/helper-thread';
import { takeChunks, type BandJob } from './bands';

/** The pixel bands' helper thread: takes chunks of each job it is sent, alongside the thread that sent it. */
answerJobs((band: BandJob) => takeChunks(band));
