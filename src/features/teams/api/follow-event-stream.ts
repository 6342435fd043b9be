// Follows one Server-Sent Events stream of the API as long as it is wanted: a fresh ticket before each
// connection (tickets live a minute and open one stream; EventSource cannot send the token), resumed from the
// last event id seen, reconnecting with backoff after an error or at once when the browser is back online. The
// server ends every stream after the access token's lifetime; the next connection's ticket checks access again.
import { api, apiStatus } from '@/lib/api-client';
import type { EventsTicket } from '@/shared/teams';

export interface FollowOptions {
  ticketPath: string;
  eventsPath: string;
  /** The event types listened to. */
  types: readonly string[];
  onEvent: (event: MessageEvent<string>) => void;
  /** Every connection, the first included: what changed before it opened is to be read anew, where no id resumes it. */
  onOpened?: () => void;
  /** The ticket was refused (404, 403): the stream is not the user's to follow. It is stopped. */
  onRefused: () => void;
}

const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];

/** Starts following; returns the function that stops. */
export function followEventStream({ ticketPath, eventsPath, types, onEvent, onOpened, onRefused }: FollowOptions): () => void {
  let source: EventSource | null = null;
  let lastEventId: string | null = null;
  let stopped = false;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
    window.removeEventListener('online', reconnectNow);
  };
  const reconnectNow = () => {
    if (stopped || source) return;
    clearTimeout(retry);
    void connect();
  };
  const reconnectLater = () => {
    source?.close();
    source = null;
    if (stopped || !navigator.onLine) return; // 'online' reconnects
    retry = setTimeout(() => void connect(), RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
    failures += 1;
  };
  const receive = (event: MessageEvent<string>) => {
    if (event.lastEventId) lastEventId = event.lastEventId;
    failures = 0;
    onEvent(event);
  };

  async function connect() {
    let ticket: EventsTicket;
    try {
      ticket = await api<EventsTicket>(ticketPath, { method: 'POST' });
    } catch (error) {
      const status = apiStatus(error);
      if (status === 404 || status === 403) {
        stop();
        return onRefused();
      }
      return reconnectLater();
    }
    if (stopped) return;
    const query = new URLSearchParams({ ticket: ticket.ticket });
    if (lastEventId) query.set('last_event_id', lastEventId);
    source = new EventSource(`${eventsPath}?${query}`);
    source.onopen = () => {
      // The server ends an open stream when its lifetime is up: no failure, so the next connection waits no longer.
      failures = 0;
      onOpened?.();
    };
    for (const type of types) source.addEventListener(type, receive as EventListener);
    // Closed by the server (a deploy, the stream's lifetime, a refusal) or the network: reconnect with a new
    // ticket, resuming. Never EventSource's own reconnection, whose URL holds the used ticket.
    source.onerror = () => reconnectLater();
  }

  window.addEventListener('online', reconnectNow);
  void connect();
  return stop;
}
