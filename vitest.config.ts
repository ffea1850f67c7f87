import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const alias = {
  '@common': fileURLToPath(new URL('./common/src', import.meta.url)),
  '@client': fileURLToPath(new URL('./client/src', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          // Vitest leaves a core free by default, which on 2 cores runs the unit files one by one; most of them
          // are single-threaded pixel work, and two at a time took a third less time on 2 cores.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          // Each worker keeps its modules from file to file: the files share no state but the models' sessions,
          // which load once per worker instead of once per file (the unit files took 267 s against 347 s isolated,
          // their imports 14 s against 51 s; the files restore what they stub).
          isolate: false,
          include: [
            'common/src/**/*.spec.ts',
            'server/src/**/*.spec.ts',
            'client/src/**/*.spec.{ts,tsx}',
            'bench/lib/**/*.spec.ts',
          ],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'medium',
          include: ['server/test/**/*.spec.ts'],
          globalSetup: ['server/test/support/build-if-stale.global.ts'],
          testTimeout: 120_000,
          hookTimeout: 200_000,
          // Each file has databases, a Redis prefix, ports and folders of its own; much of its time is spent
          // waiting on PostgreSQL, child processes and HTTP, which a second file can use.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          // As the unit files: 332 s against 401 s isolated, on the same machine and hour.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: [
            'server/test/support/build-if-stale.global.ts',
            'e2e/support/shared-emulator.global.ts',
          ],
          testTimeout: 180_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
