// A Server-Sent Events client for the API suites: reads a real HTTP stream (fetch), parsed as EventSource
// parses it, so a test waits for events as a browser would get them.

export interface StreamEvent {
  id: string | null;
  event: string;
  data: unknown;
}

export interface EventStream {
  status: number;
  events: StreamEvent[];
  /** Comment lines seen (heartbeats). */
  comments: string[];
  /** Waits for the next event (after those already seen by earlier calls) that matches, within `timeoutMs`. */
  next(predicate?: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `url` as an event stream; a non-200 answer resolves with its status and no events. */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let taken = 0;
  const wake = () => waiters.forEach((waiter) => waiter());

  let endedNow = false;
  const ended = (async () => {
    if (res.status !== 200 || !res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else {
              const colon = line.indexOf(':');
              fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, '');
            }
          }
          if (fields.data !== undefined) {
            events.push({ id: fields.id ?? null, event: fields.event ?? 'message', data: JSON.parse(fields.data) });
          }
          wake();
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      endedNow = true;
      wake();
    }
  })();

  return {
    status: res.status,
    events,
    comments,
    ended,
    async next(predicate = () => true, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = events.findIndex((event, i) => i >= taken && predicate(event));
        if (index >= 0) {
          taken = index + 1;
          return events[index];
        }
        if (endedNow) throw new Error(`the stream ended without the event; it sent ${JSON.stringify(events.slice(taken))}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no such event within ${timeoutMs} ms; it sent ${JSON.stringify(events.slice(taken))}`);
        await new Promise<void>((resolve) => {
          const done = () => {
            waiters.delete(done);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(done, left);
          waiters.add(done);
        });
      }
    },
    close() {
      abort.abort();
    },
  };
}
