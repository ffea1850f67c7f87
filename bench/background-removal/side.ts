/**
 * One side of the background-removal benchmark, in its own process so its peak RSS is its own.
 * `ours`: this project's local pipeline (decode, ISNet, guided refinement, compose, PNG), in-process.
 * `imgly`: @imgly/background-removal-node's removeBackground as it ships (default config, model `medium`).
 * Protocol: JSON lines on stdin `{ input, output }` -> stdout `{ ms, cpuMs }` (wall and this process's CPU); `{ rss: true }` -> `{ maxRssMb }`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { runCutout } from '../../server/src/models/isnet/cutout';
import { IsnetModel } from '../../server/src/models/isnet/isnet.model';
import { decodePhoto } from '../../server/src/lib/image/raw-image';
import { encodeResult } from '../../server/src/lib/image/result-encoding';

type Remove = (input: Buffer, mime: string) => Promise<Uint8Array>;

async function ourSide(): Promise<Remove> {
  const model = new IsnetModel({ variant: 'medium', threads: 2 });
  await model.load();
  return async (input) => {
    const result = await runCutout(
      { image: (await decodePhoto(input)).image, backdrop: { kind: 'transparent' }, shadow: false },
      () => model,
    );
    if (!result.image) throw new Error('no subject found');
    return (await encodeResult(result.image, 'background-removal', 'png')).bytes;
  };
}

async function imglySide(): Promise<Remove> {
  const { removeBackground } = await import('@imgly/background-removal-node');
  return async (input, mime) => {
    const blob = await removeBackground(new Blob([new Uint8Array(input)], { type: mime }));
    return new Uint8Array(await blob.arrayBuffer());
  };
}

const side = process.argv[2];
const remove = side === 'ours' ? await ourSide() : await imglySide();
const reply = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
reply({ ready: true });

for await (const line of createInterface({ input: process.stdin })) {
  const message = JSON.parse(line) as { input?: string; output?: string; mime?: string; rss?: boolean };
  if (message.rss) {
    reply({ maxRssMb: process.resourceUsage().maxRSS / 1024 });
    continue;
  }
  const input = await readFile(message.input!);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const png = await remove(input, message.mime!);
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  await writeFile(message.output!, png);
  reply({ ms, cpuMs: (used.user + used.system) / 1000 });
}
