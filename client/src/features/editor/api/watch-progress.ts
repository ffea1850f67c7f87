import { progressEventSchema, type ProgressEventBody } from '@common/schemas/process';

/**
 * Follows GET /api/process/:id/events (Server-Sent Events, authorised by the session cookie) until the
 * returned function is called. Resolves once the stream is open, so a caller can start processing knowing no
 * event will be missed; resolves anyway after `openTimeoutMs`, since progress is a nicety, never a blocker.
 */
export function watchProgress(
  id: string,
  onEvent: (event: ProgressEventBody) => void,
  openTimeoutMs = 3000,
): Promise<() => void> {
  const source = new EventSource(`/api/process/${encodeURIComponent(id)}/events`, { withCredentials: true });
  source.onmessage = (message: MessageEvent<string>) => {
    try {
      const parsed = progressEventSchema.safeParse(JSON.parse(message.data));
      if (parsed.success) onEvent(parsed.data);
    } catch {
      // A malformed event is skipped; the next one carries the whole state again.
    }
  };
  const close = () => source.close();
  return new Promise((resolve) => {
    const done = () => resolve(close);
    source.onopen = done;
    source.onerror = () => {
      // The stream ends when processing does; stop EventSource from reconnecting to a finished job.
      if (source.readyState !== EventSource.OPEN) source.close();
      done();
    };
    setTimeout(done, openTimeoutMs);
  });
}
