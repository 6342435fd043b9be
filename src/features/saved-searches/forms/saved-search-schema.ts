import * as yup from 'yup';
import {
  SAVED_SEARCH_ALERTS,
  SAVED_SEARCH_MESSAGES as M,
  SAVED_SEARCH_NAME_MAX,
  type SavedSearchAlert,
} from '@/shared/saved-searches';

export interface SavedSearchValues {
  name: string;
  alert: SavedSearchAlert;
}

/** A saved search's name and alert, with the server's rules and messages word for word (src/shared/saved-searches.ts). */
export const savedSearchSchema = yup.object({
  name: yup.string().trim().max(SAVED_SEARCH_NAME_MAX, M.nameTooLong).required(M.nameRequired),
  alert: yup.string().oneOf(SAVED_SEARCH_ALERTS).required(),
});

/** The server's refusals that are about the name, shown under its field; any other is said above the form. */
export const NAME_REFUSALS: readonly string[] = [M.nameRequired, M.nameTooLong, M.nameTaken];
