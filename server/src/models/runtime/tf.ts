/**
 * The parts of TF.js the models here use: the core (tensors, ops, io) and the graph-model converter, run on the
 * wasm backend. The `@tensorflow/tfjs` bundle adds layers, data and two more backends that nothing here runs;
 * loaded in a worker thread they cost about 40 MB more (measured: 49 MB for these against 89 MB for the bundle).
 */
export * from '@tensorflow/tfjs-core';
export { GraphModel, loadGraphModel } from '@tensorflow/tfjs-converter';
