// A list's live changes (Server-Sent Events): one EventSource per open list, opened with a fresh
// ticket each time (tickets live a minute) and resumed from the last event seen. Each change
// refreshes the list data on screen through the query cache; losing access ends the stream.
import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, apiStatus } from '@/lib/api-client';
import { listEventsPath, listEventsTicketPath, type EventsTicket, type ListEventData, type ListEventType } from '@/shared/teams';
import type { ListKeys } from './list-keys';

/** Why a list left the member's screen: they were removed (or left elsewhere), or the owner deleted it. */
export type AccessLost = 'removed' | 'deleted';

export interface ListEventsOptions {
  listKeys: ListKeys;
  listId: number;
  /** The logged-in user: a member-removed naming them means this list is gone for them. */
  userId: number;
  onAccessLost?: (reason: AccessLost) => void;
}

const ROW_EVENTS: ListEventType[] = ['row-added', 'row-changed', 'row-removed', 'note-added', 'note-deleted'];
const OTHER_EVENTS: ListEventType[] = ['reset', 'list-changed', 'list-deleted', 'member-added', 'member-changed', 'member-removed'];
/** Changes of one burst (a batch added, a replay) refresh once. */
const SETTLE_MS = 150;
const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];

/** Takes the list off the sidebar at once, before its page is left. */
export function dropList(queryClient: QueryClient, listKeys: ListKeys, listId: number) {
  queryClient.setQueryData<Array<{ id: number }>>(listKeys.all, (lists) => lists?.filter((list) => list.id !== listId));
}

export function useListEvents({ listKeys, listId, userId, onAccessLost }: ListEventsOptions) {
  const queryClient = useQueryClient();
  const lost = useRef(onAccessLost);
  useEffect(() => {
    lost.current = onAccessLost;
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let lastEventId: string | null = null;
    let stopped = false;
    let failures = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let settle: ReturnType<typeof setTimeout> | undefined;

    // Every list query on screen refetches (the lists' counts, this list, its rows, notes, activity, the detail pages).
    const refresh = () => {
      clearTimeout(settle);
      settle = setTimeout(() => void queryClient.invalidateQueries({ queryKey: listKeys.all }), SETTLE_MS);
    };
    const loseAccess = (reason: AccessLost) => {
      stop();
      dropList(queryClient, listKeys, listId);
      lost.current?.(reason);
    };
    const stop = () => {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(settle);
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
      if (stopped) return;
      if (!navigator.onLine) return; // 'online' reconnects
      retry = setTimeout(() => void connect(), RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
      failures += 1;
    };

    const onEvent = (event: MessageEvent<string>) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
      failures = 0;
      let data: ListEventData;
      try {
        data = JSON.parse(event.data) as ListEventData;
      } catch {
        return;
      }
      if (data.type === 'ready') return;
      if (data.type === 'list-deleted') return loseAccess('deleted');
      if (data.type === 'member-removed' && data.user_id === userId) return loseAccess('removed');
      refresh();
    };

    async function connect() {
      let ticket: EventsTicket;
      try {
        ticket = await api<EventsTicket>(listEventsTicketPath(listId), { method: 'POST' });
      } catch (error) {
        const status = apiStatus(error);
        if (status === 404 || status === 403) return loseAccess('removed');
        return reconnectLater();
      }
      if (stopped) return;
      const query = new URLSearchParams({ ticket: ticket.ticket });
      if (lastEventId) query.set('last_event_id', lastEventId);
      source = new EventSource(`${listEventsPath(listId)}?${query}`);
      for (const type of [...ROW_EVENTS, ...OTHER_EVENTS, 'ready']) source.addEventListener(type, onEvent as EventListener);
      // Closed by the server (a deploy, an expired ticket) or the network: reconnect with a new ticket, resuming.
      source.onerror = () => reconnectLater();
    }

    window.addEventListener('online', reconnectNow);
    void connect();
    return stop;
  }, [queryClient, listKeys, listId, userId]);
}
