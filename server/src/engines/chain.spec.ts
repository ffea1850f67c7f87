import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { runChain } from './chain';
import type { Engine, Provider } from './types';
import { quietRunContext } from '../../test/support/run-context';

const ctx = (timeoutMs = 1000) => quietRunContext(timeoutMs);

function provider(
  id: string,
  kind: 'cloud' | 'local',
  run: Provider<string>['run'],
  configured = true,
): Provider<string> {
  return { id, kind, isConfigured: () => configured, run };
}

/** A provider's answer whose one row of grey pixels spells the text, so a test can tell who answered. */
const ok = (text: string) => async () => ({
  image: { data: new TextEncoder().encode(text), width: text.length, height: 1, channels: 1 as const },
});

describe('runChain', () => {
  it('skips unconfigured providers and falls through failures and time-outs to the local one', async () => {
    const engine: Engine<string> = {
      mode: 'image-upscale',
      providers: [
        provider('no-key', 'cloud', ok('never'), false),
        provider('broken', 'cloud', async () => {
          throw new Error('HTTP 500');
        }),
        provider('stalled', 'cloud', () => new Promise(() => {})),
        provider('local', 'local', ok('local result')),
      ],
    };
    const result = await runChain(engine, 'in', ctx(50));
    expect(result.providerId).toBe('local');
    expect(new TextDecoder().decode(result.image.data)).toBe('local result');
  });

  it('returns the first cloud answer when it works', async () => {
    const engine: Engine<string> = {
      mode: 'image-upscale',
      providers: [provider('cloud', 'cloud', ok('cloud')), provider('local', 'local', ok('local'))],
    };
    expect((await runChain(engine, 'in', ctx())).providerId).toBe('cloud');
  });

  it('runs only the local provider when the run is local-only (the start-up warm-up)', async () => {
    const runs: string[] = [];
    const engine: Engine<string> = {
      mode: 'image-upscale',
      providers: [
        provider('cloud', 'cloud', async () => {
          runs.push('cloud');
          return ok('cloud')();
        }),
        provider('local', 'local', ok('local')),
      ],
    };
    expect((await runChain(engine, 'in', { ...ctx(), localOnly: true })).providerId).toBe('local');
    expect(runs).toEqual([]);
  });

  it('skips a provider that does not serve the input, without counting it as a failure', async () => {
    const runs: string[] = [];
    const cloud: Provider<string> = {
      ...provider('cloud', 'cloud', async () => {
        runs.push('cloud');
        return ok('cloud')();
      }),
      accepts: (input) => input === 'default look',
    };
    const engine: Engine<string> = {
      mode: 'face-enhancement',
      providers: [cloud, provider('local', 'local', ok('local'))],
    };
    expect((await runChain(engine, 'subtle look', ctx())).providerId).toBe('local');
    expect(runs).toEqual([]);
    expect((await runChain(engine, 'default look', ctx())).providerId).toBe('cloud');
  });

  it("passes a local provider's message for the person on as it is", async () => {
    const engine: Engine<string> = {
      mode: 'object-removal',
      providers: [
        provider('local', 'local', async () => {
          throw new AppError('INVALID_MASK', 'The mask covers the whole image.');
        }),
      ],
    };
    await expect(runChain(engine, 'in', ctx())).rejects.toMatchObject({ code: 'INVALID_MASK' });
  });

  it('fails with ENGINE_FAILED when every provider fails', async () => {
    const engine: Engine<string> = {
      mode: 'object-removal',
      providers: [
        provider('local', 'local', async () => {
          throw new Error('out of memory');
        }),
      ],
    };
    await expect(runChain(engine, 'in', ctx())).rejects.toMatchObject({ code: 'ENGINE_FAILED' });
  });
});
