// Route loaders are in the entry with the route tree, so this module imports no component.
import { notFound } from '@tanstack/react-router';
import { apiStatus } from '@/lib/api-client';

/** A route's numeric id, or null when the URL carries something else (shown as not found). */
function positiveId(raw: string): number | null {
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

/**
 * A loader for a page of one record: nothing renders until `load` has filled the cache; an id that the URL
 * or the server does not know is the not-found page.
 */
export async function loadOrNotFound(rawId: string, load: (id: number) => Promise<unknown>): Promise<void> {
  const id = positiveId(rawId);
  if (id === null) throw notFound();
  try {
    await load(id);
  } catch (error) {
    if (apiStatus(error) === 404) throw notFound();
    throw error;
  }
}
