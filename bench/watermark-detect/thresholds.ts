/**
 * The watermark finder's tuned thresholds as a table for the benchmark's section of docs/BENCHMARKS.md, so each
 * run's figures stand beside the settings that gave them (server/src/models/watermark-detect/tuned-thresholds.ts).
 */
import {
  formatTunedValue,
  TUNED_THRESHOLDS,
} from '../../server/src/models/watermark-detect/tuned-thresholds';
import { markdownTable } from '../lib/report';

export function thresholdTable(): string {
  return markdownTable(
    ['finder', 'threshold', 'value', 'governs'],
    TUNED_THRESHOLDS.map((t) => [t.finder, `\`${t.name}\``, formatTunedValue(t.value), t.governs]),
  );
}
