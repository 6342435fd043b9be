// The API paths of a list and of one row on it, which the lists and pipeline features call.
import { API } from './api-paths.js';
import type { ListType } from './api-types.js';

export const listPath = (listId: number) => `${API}/lists/${listId}`;

/** 'investors' or 'funds': the path segment of a list's rows. */
export const rowSegment = (listType: ListType) => (listType === 'investor' ? 'investors' : 'funds');

/** PATCH and DELETE of one row: /api/v1/lists/{id}/investors/{investorId} (or …/funds/{fundId}). */
export const listRowPath = (listId: number, listType: ListType, itemId: number) =>
  `${listPath(listId)}/${rowSegment(listType)}/${itemId}`;

/** The notes of one row. */
export const rowNotesPath = (listId: number, listType: ListType, itemId: number) => `${listRowPath(listId, listType, itemId)}/notes`;
