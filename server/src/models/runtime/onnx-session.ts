/**
 * Every onnxruntime session of the models is made here: one session per graph and options in a thread (module
 * state is per worker thread), shared by every model that asks for the same, and released when the last of
 * them lets it go. A model states its options in an OnnxSessionSpec; the spec, not the caller, is the cache's
 * key, so two models of the same kind in one thread (tap to select's and the object finder's segmenter) hold
 * one copy of the weights.
 */
import * as ort from 'onnxruntime-node';
import { readPinnedFile } from './pinned-file';

export type GraphOptimization = 'disabled' | 'basic' | 'extended' | 'all';

/**
 * The graph: a file (onnxruntime reads it itself, keeping no JavaScript copy; with `sha256`, it is read and
 * checked here and handed over as bytes), or bytes made at load under a name that identifies them.
 */
export type OnnxGraph =
  { file: string; sha256?: string } | { name: string; bytes: () => Promise<Uint8Array> };

export interface OnnxSessionSpec {
  graph: OnnxGraph;
  /** Intra-op threads; 0 leaves the count to onnxruntime (one per core). */
  threads: number;
  /** Inter-op threads; left to onnxruntime when absent (sequential execution barely uses them). */
  interOpThreads?: number;
  /** How far onnxruntime rewrites the graph at load; left to onnxruntime when absent. */
  graphOptimization?: GraphOptimization;
  /** false: no block pre-planned for every intermediate tensor (lower peak memory on large inputs). */
  memoryPattern?: boolean;
  /** false: idle threads sleep instead of spinning, leaving the cores to other work on a busy machine. */
  spinning?: boolean;
}

interface Entry {
  session: Promise<ort.InferenceSession>;
  holders: number;
}

const entries = new Map<string, Entry>();
const keyOf = new Map<ort.InferenceSession, string>();

/**
 * The session of `spec`, made on the first call and shared by later ones with the same spec; each call holds
 * it until a matching releaseOnnxSession. A failed load is forgotten, so the next call retries.
 */
export function onnxSession(spec: OnnxSessionSpec): Promise<ort.InferenceSession> {
  const key = sessionKey(spec);
  let entry = entries.get(key);
  if (!entry) {
    const created: Entry = { session: createSession(spec), holders: 0 };
    created.session.then(
      (session) => keyOf.set(session, key),
      () => {
        if (entries.get(key) === created) entries.delete(key);
      },
    );
    entries.set(key, created);
    entry = created;
  }
  entry.holders++;
  return entry.session;
}

/** Lets go of one hold on `session`; the last one releases its memory. */
export async function releaseOnnxSession(session: ort.InferenceSession): Promise<void> {
  const key = keyOf.get(session);
  const entry = key === undefined ? undefined : entries.get(key);
  if (!entry || key === undefined) return;
  if (--entry.holders > 0) return;
  entries.delete(key);
  keyOf.delete(session);
  await session.release();
}

/** The spec as a string: the same graph with the same options is the same session. */
function sessionKey({ graph, ...options }: OnnxSessionSpec): string {
  const source = 'file' in graph ? { file: graph.file, sha256: graph.sha256 } : { name: graph.name };
  return JSON.stringify({ source, options });
}

async function createSession(spec: OnnxSessionSpec): Promise<ort.InferenceSession> {
  const { graph } = spec;
  const options = sessionOptions(spec);
  if ('bytes' in graph) return ort.InferenceSession.create(await graph.bytes(), options);
  if (graph.sha256 !== undefined) {
    return ort.InferenceSession.create(await readPinnedFile(graph.file, graph.sha256), options);
  }
  return ort.InferenceSession.create(graph.file, options);
}

/** onnxruntime's options for `spec`: only what the spec states, everything else left at onnxruntime's default. */
export function sessionOptions(spec: OnnxSessionSpec): ort.InferenceSession.SessionOptions {
  return {
    intraOpNumThreads: spec.threads,
    ...(spec.interOpThreads !== undefined && { interOpNumThreads: spec.interOpThreads }),
    // Parallel mode spawns inter-op threads that fight the intra-op ones for the cores: slower on every model here.
    executionMode: 'sequential',
    ...(spec.graphOptimization !== undefined && { graphOptimizationLevel: spec.graphOptimization }),
    ...(spec.memoryPattern !== undefined && { enableMemPattern: spec.memoryPattern }),
    ...(spec.spinning === false && {
      extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
    }),
  };
}
