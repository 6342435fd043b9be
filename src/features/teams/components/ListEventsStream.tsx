import { useListEvents, type ListEventsOptions } from '../api/list-events';

/** Keeps one list's data on screen live while mounted (one per list a page shows); renders nothing. */
export function ListEventsStream(props: ListEventsOptions) {
  useListEvents(props);
  return null;
}
