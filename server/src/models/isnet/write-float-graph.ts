/**
 * `node --import tsx write-float-graph.ts VARIANT FILE` (`node dist/server/write-float-graph.js` compiled): writes
 * ISNet's float32 graph (float-graph.ts) to FILE, already optimised by onnxruntime for this machine. Run as a
 * process of its own by float-graph-file.ts.
 *
 * onnxruntime's full optimisation turns the convolutions into its blocked (NCHWc) layout with their weights
 * reordered once, but a session that does this at load keeps the weights both ways: 430 MB after loading
 * against 200 MB for a session that loads the graph as optimised here, with the same matte bit for bit and the
 * same speed. The blocked layout depends on the processor's vector width, so the file is made on the machine
 * that runs it, every time the model is loaded, and never kept.
 */
import { rm, writeFile } from 'node:fs/promises';
import * as ort from 'onnxruntime-node';
import { isnetFloatGraph } from './float-graph';
import { readIsnetModel, type IsnetVariant } from './model-files';

const [variant, file] = process.argv.slice(2);
const unoptimised = `${file}.float32.onnx`;
await writeFile(unoptimised, isnetFloatGraph(await readIsnetModel(variant as IsnetVariant)));
const session = await ort.InferenceSession.create(unoptimised, {
  graphOptimizationLevel: 'all',
  optimizedModelFilePath: file,
  // onnxruntime warns that such a file is for this machine only: it is.
  logSeverityLevel: 3,
});
await session.release();
await rm(unoptimised);
