import type { TestProject } from 'vitest/node';
import { startTestEmulator } from '../../server/test/support/emulator.ts';
import { freePort } from './app-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Firebase Auth emulator every browser test's app signs in through (startApp clears its accounts). */
    authEmulatorPort: number;
  }
}

/**
 * One Auth emulator for the whole run: starting one takes the app most of its start-up (about 13 s on 2 cores),
 * and an app finds one already running on its port and uses it.
 */
export default async function sharedEmulator(project: TestProject): Promise<() => Promise<void>> {
  const emulator = await startTestEmulator(await freePort());
  project.provide('authEmulatorPort', Number(new URL(emulator.url).port));
  return () => emulator.stop();
}
