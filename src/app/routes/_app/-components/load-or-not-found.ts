import { notFound } from '@tanstack/react-router';
import { apiStatus } from '@/lib/api-client';
import { positiveId } from './positive-id';


/**
 * A detail route's loader: nothing renders until `load` has the row in the cache; an id that the URL
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
