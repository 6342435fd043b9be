// The user's own lists, live (GET /api/v1/lists/events): the sidebar reads its lists again whenever one of
// them changes on another device or at another member's hand — a list shared with them appears, one they
// were removed from goes, at once, whatever page is open. The stream starts once the page has painted, and
// the lists are read again each time it opens: a change made before it opened is not in it. A visit begun on a
// deck link of a row of theirs is a toast, told only as it happens (the server never replays it).
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { runAfterFirstPaint } from '@/lib/after-first-paint';
import { showToast } from '@/lib/toasts';
import {
  MY_LISTS_DECK_OPENED_EVENT,
  MY_LISTS_EVENT,
  MY_LISTS_EVENTS_PATH,
  MY_LISTS_EVENTS_TICKET_PATH,
  type MyListsDeckOpenedData,
} from '@/shared/teams';
import { followEventStream } from './follow-event-stream';
import type { ListKeys } from './list-keys';

/** A burst of changes (a batch added on a shared list) reads the lists once. */
const SETTLE_MS = 150;

export function deckOpenedText(opened: MyListsDeckOpenedData): string {
  if (opened.list_id === null) return `${opened.email ?? 'Someone'} opened your deck ${opened.deck_name} from the link ${opened.link_name || 'without a name'}`;
  return `${opened.investor_name} opened your deck ${opened.deck_name}${opened.email ? ` (${opened.email})` : ''}`;
}

function toastDeckOpened(event: MessageEvent<string>) {
  try {
    showToast(deckOpenedText(JSON.parse(event.data) as MyListsDeckOpenedData), { variant: 'info' });
  } catch {
    // Not JSON: nothing to tell.
  }
}

export function useMyListsEvents(listKeys: ListKeys) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const readAgain = () => {
      clearTimeout(settle);
      settle = setTimeout(() => void queryClient.invalidateQueries({ queryKey: listKeys.all, exact: true }), SETTLE_MS);
    };
    let stopFollowing = () => {};
    const cancelStart = runAfterFirstPaint(() => {
      stopFollowing = followEventStream({
        ticketPath: MY_LISTS_EVENTS_TICKET_PATH,
        eventsPath: MY_LISTS_EVENTS_PATH,
        types: [MY_LISTS_EVENT, MY_LISTS_DECK_OPENED_EVENT],
        onEvent: (event) => (event.type === MY_LISTS_DECK_OPENED_EVENT ? toastDeckOpened(event) : readAgain()),
        onOpened: readAgain,
        onRefused: () => {},
      });
    });
    return () => {
      cancelStart();
      stopFollowing();
      clearTimeout(settle);
    };
  }, [queryClient, listKeys]);
}
