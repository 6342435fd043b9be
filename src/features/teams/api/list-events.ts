// A list's live changes (Server-Sent Events): one EventSource per open list, opened with a fresh
// ticket each time (tickets live a minute) and resumed from the last event seen. A row's change the event
// spells out (its stage, follow-up, amount, last contacted and answered times) is put into the cached rows
// as it is, and the rest of the list data on screen is read again; losing access ends the stream.
import { useEffect, useRef } from 'react';
import { hashKey, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { overwriteQueryData } from '@/lib/query-client';
import type { ListItem } from '@/shared/api-types';
import type { Pipeline } from '@/shared/pipeline';
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

/** The row's pipeline with what a row-changed event says changed; who changed it, and when, is now its last change's. */
function changedPipeline(pipeline: Pipeline, { changes, by, at }: Extract<ListEventData, { type: 'row-changed' }>): Pipeline {
  const next: Pipeline = { ...pipeline };
  for (const [field, change] of Object.entries(changes)) (next as unknown as Record<string, unknown>)[field] = change.to;
  // The server's updated_at and updated_by follow the stage, the follow-up and the amount (not a touch's times).
  if (changes.stage || changes.follow_up_on || changes.amount) Object.assign(next, { updated_at: at, updated_by: by });
  return next;
}

/**
 * Puts a row's change into the list's cached rows, without reading them all again; false when they cannot take it
 * (not cached, or being read: that read may predate the change, so the caller reads them again after it).
 */
function patchRow(queryClient: QueryClient, listKeys: ListKeys, listId: number, data: Extract<ListEventData, { type: 'row-changed' }>) {
  const key = listKeys.items(listId);
  if (queryClient.getQueryData(key) === undefined || queryClient.isFetching({ queryKey: key, exact: true }) > 0) return false;
  queryClient.setQueryData<ListItem[]>(key, (items) =>
    items?.map((item) => (item.id === data.item_id ? { ...item, pipeline: changedPipeline(item.pipeline, data) } : item)),
  );
  // The offline copy is the rows as last read: the next visit to the page reads them again (and stores them).
  void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  return true;
}

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
    const rowsHash = hashKey(listKeys.items(listId));
    /** Whether this burst holds a change the cached rows could not take from its event. */
    let readRows = false;
    // Every list query on screen refetches (the lists' counts, this list, notes, touches, activity, the detail pages), and
    // this list's rows too unless each change of theirs was put in from its event.
    const refresh = (rowsToo: boolean) => {
      readRows ||= rowsToo;
      clearTimeout(settle);
      settle = setTimeout(() => {
        const predicate = readRows ? undefined : (query: { queryHash: string }) => query.queryHash !== rowsHash;
        readRows = false;
        void queryClient.invalidateQueries({ queryKey: listKeys.all, predicate });
      }, SETTLE_MS);
    };
    const loseAccess = (reason: AccessLost) => {
      stop();
      dropList(queryClient, listKeys, listId);
      lost.current?.(reason);
    };
    const stopFollowing = followEventStream({
      ticketPath: listEventsTicketPath(listId),
      eventsPath: listEventsPath(listId),
      // deck-opened changes nothing here (the own lists stream toasts it): listened to so that a resume starts after it.
      types: [...ROW_EVENTS, ...OTHER_EVENTS, 'ready', 'deck-opened'],
      onEvent: (event) => {
        let data: ListEventData;
        try {
          data = JSON.parse(event.data) as ListEventData;
        } catch {
          return;
        }
        if (data.type === 'ready' || data.type === 'deck-opened') return;
        if (data.type === 'list-deleted') return loseAccess('deleted');
        if (data.type === 'member-removed' && data.user_id === userId) return loseAccess('removed');
        // A touch changes no field of its row by itself: its times come in a row-changed of their own. A row-changed
        // naming no field (a private contact edited) is read again.
        const rowsTaken =
          data.type === 'touch-added' ||
          data.type === 'touch-deleted' ||
          (data.type === 'row-changed' && Object.keys(data.changes).length > 0 && patchRow(queryClient, listKeys, listId, data));
        refresh(!rowsTaken);
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
