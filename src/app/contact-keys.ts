// The query keys the contacts feature is handed: a private contact's page is the catalogue's investor query,
// and the lists holding it are the lists feature's.
import type { ContactKeys } from '@/features/contacts/api/contact-cache';
import { rowQueryOptions } from '@/features/catalogue/api/get-row';
import { investors } from '@/features/catalogue/kinds/investors';
import { listKeys } from '@/features/lists/api/list-keys';

export const contactKeys: ContactKeys = {
  investor: (id) => rowQueryOptions(investors, id).queryKey,
  lists: listKeys,
};
