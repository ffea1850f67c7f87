// Worker threads do not inherit the parent's TypeScript loader: register tsx here, then load the real entry.
import { register } from 'tsx/esm/api';

register();
const { default: run } = await import('./inference.worker.ts');
export default run;
