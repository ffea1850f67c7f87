/**
 * `node --import tsx write-float-graph.ts VARIANT FILE`: writes ISNet's float32 graph (float-graph.ts) to
 * FILE. Run as a process of its own by float-graph-file.ts.
 */
import { writeFile } from 'node:fs/promises';
import { isnetFloatGraph } from './float-graph';
import { readIsnetModel, type IsnetVariant } from './model-files';

const [variant, file] = process.argv.slice(2);
await writeFile(file, isnetFloatGraph(await readIsnetModel(variant as IsnetVariant)));
