// A list's live changes (Server-Sent Events): one EventSource per open list, opened with a fresh
// ticket each time (tickets live a minute) and resumed from the last event seen. Each change
// refreshes the list data on screen through the query cache; losing access ends the stream.
import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { overwriteQueryData } from '@/lib/query-client';
import { listEventsPath, listEventsTicketPath, type ListEventData, type ListEventType } from '@/shared/teams';
import { followEventStream } from './follow-event-stream';
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

const ROW_EVENTS: ListEventType[] = ['row-added', 'row-changed', 'row-removed', 'note-added', 'note-deleted', 'touch-added', 'touch-deleted'];
const OTHER_EVENTS: ListEventType[] = ['reset', 'list-changed', 'list-deleted', 'member-added', 'member-changed', 'member-removed'];
/** Changes of one burst (a batch added, a replay) refresh once. */
const SETTLE_MS = 150;

/** Takes the list off the sidebar at once, before its page is left. */
export function dropList(queryClient: QueryClient, listKeys: ListKeys, listId: number) {
  void overwriteQueryData<Array<{ id: number }>>(queryClient, listKeys.all, (lists) => lists?.filter((list) => list.id !== listId));
}

export function useListEvents({ listKeys, listId, userId, onAccessLost }: ListEventsOptions) {
  const queryClient = useQueryClient();
  const lost = useRef(onAccessLost);
  useEffect(() => {
    lost.current = onAccessLost;
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let settle: ReturnType<typeof setTimeout> | undefined;
    // Every list query on screen refetches (the lists' counts, this list, its rows with their last contacted and answered
    // times, notes, touches, activity, the detail pages).
    const refresh = () => {
      clearTimeout(settle);
      settle = setTimeout(() => void queryClient.invalidateQueries({ queryKey: listKeys.all }), SETTLE_MS);
    };
    const loseAccess = (reason: AccessLost) => {
      stop();
      dropList(queryClient, listKeys, listId);
      lost.current?.(reason);
    };
    const stopFollowing = followEventStream({
      ticketPath: listEventsTicketPath(listId),
      eventsPath: listEventsPath(listId),
      types: [...ROW_EVENTS, ...OTHER_EVENTS, 'ready'],
      onEvent: (event) => {
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
      },
      onRefused: () => loseAccess('removed'),
    });
    const stop = () => {
      stopFollowing();
      clearTimeout(settle);
    };
    return stop;
  }, [queryClient, listKeys, listId, userId]);
}
