import { useDeferredValue } from 'react';
import { Outlet } from '@tanstack/react-router';

/**
 * The first page, logged in or out, rendered as a non-urgent update. The router mounts it in a
 * synchronous render (its store answers through useSyncExternalStore), which on a phone blocked input
 * for a quarter of a second: so it first renders nothing, then the whole page — frame and content
 * together — as an update React splits into short tasks, and they appear together in one paint.
 * Later navigations are the router's own transitions.
 */
export function DeferredFirstPage() {
  const ready = useDeferredValue(true, false);
  return ready ? <Outlet /> : null;
}
