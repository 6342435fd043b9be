import { listItemsKey } from './get-list-items';
import { LISTS_KEY } from './get-lists';

/** The lists' query keys, which the routes hand to the pipeline feature: its data is cached under them. */
export const listKeys = { all: LISTS_KEY, items: listItemsKey };
