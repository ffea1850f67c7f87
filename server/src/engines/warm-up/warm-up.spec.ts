import { describe, expect, it } from 'vitest';
import type { Mode } from '@common/modes';
import { AppError } from '../../lib/errors';
import { silentLogger } from '../../lib/logger';
import type { EngineRegistry, ModeRequest, ModeRunner } from '../mode-runner';
import type { RunContext } from '../types';
import { warmUpEngines } from './warm-up';

interface Seen {
  mode: Mode;
  request: ModeRequest;
  ctx: RunContext;
}

/** Runners that record what the warm-up asks of them; `fails` answers as a mode with nothing to do would. */
function recordingRegistry(modes: Mode[], fails: Mode[] = []) {
  const seen: Seen[] = [];
  const found: Mode[] = [];
  const registry: EngineRegistry = {};
  for (const mode of modes) {
    const runner: ModeRunner = {
      mode,
      needsMask: false,
      parseOptions: () => ({ parsed: true }),
      ...(mode === 'watermark-removal'
        ? {
            findMask: async () => {
              found.push(mode);
              return null;
            },
          }
        : {}),
      ...(mode === 'professional-photo'
        ? {
            findPeople: async () => {
              found.push(mode);
              return [];
            },
          }
        : {}),
      async run(request, ctx) {
        seen.push({ mode, request, ctx });
        if (fails.includes(mode)) throw new AppError('NOTHING_TO_DO', 'No cup was found.');
        return { providerId: 'local', image: request.image };
      },
    };
    registry[mode] = runner;
  }
  return { registry, seen, found };
}

const quietly = () => ({ log: silentLogger, signal: new AbortController().signal });

describe('warmUpEngines', () => {
  it('runs each mode the server has once, locally, on the sample portrait with its default options', async () => {
    const { registry, seen } = recordingRegistry(['background-removal', 'prompt-edit', 'image-upscale']);
    const report = await warmUpEngines(registry, quietly());
    expect(report.modes.map((m) => m.mode)).toEqual(['prompt-edit', 'background-removal', 'image-upscale']);
    for (const { request, ctx } of seen) {
      expect(ctx.localOnly).toBe(true);
      expect(request.options).toEqual({ parsed: true });
      expect([request.image.width, request.image.height]).toEqual([512, 600]);
    }
    expect(seen.find((s) => s.mode === 'prompt-edit')!.request.prompt).toMatch(/remove the cup/);
  });

  it('paints a box for the mask modes and asks the watermark finder too', async () => {
    const { registry, seen, found } = recordingRegistry(['object-removal', 'watermark-removal']);
    await warmUpEngines(registry, quietly());
    for (const { request } of seen) {
      const marked = request.mask!.bits.reduce((sum, bit) => sum + bit, 0);
      expect(marked).toBeGreaterThan(1000);
      expect(marked).toBeLessThan(0.05 * request.mask!.bits.length);
    }
    expect(found).toEqual(['watermark-removal']);
  });

  it('on a web server whose workers run the edits, only finds: the finders are the models it runs', async () => {
    const { registry, seen, found } = recordingRegistry([
      'prompt-edit',
      'watermark-removal',
      'professional-photo',
    ]);
    const report = await warmUpEngines(registry, { ...quietly(), findersOnly: true });
    expect(report.modes.map((m) => m.mode)).toEqual(['watermark-removal', 'professional-photo']);
    expect(found).toEqual(['watermark-removal', 'professional-photo']);
    expect(seen).toEqual([]);
  });

  it('reports a failing mode and goes on to the next', async () => {
    const { registry } = recordingRegistry(['prompt-edit', 'background-removal'], ['prompt-edit']);
    const report = await warmUpEngines(registry, quietly());
    expect(report.modes).toEqual([
      expect.objectContaining({ mode: 'prompt-edit', error: 'No cup was found.' }),
      expect.objectContaining({ mode: 'background-removal', error: undefined }),
    ]);
  });

  it('stops at shutdown', async () => {
    const controller = new AbortController();
    const { registry, seen } = recordingRegistry(['prompt-edit', 'background-removal']);
    registry['prompt-edit'] = {
      ...registry['prompt-edit']!,
      run: async (request, ctx) => {
        controller.abort();
        return registry['background-removal']!.run(request, ctx);
      },
    };
    const report = await warmUpEngines(registry, { log: silentLogger, signal: controller.signal });
    expect(report.modes.map((m) => m.mode)).toEqual(['prompt-edit']);
    expect(seen).toHaveLength(1);
  });
});
