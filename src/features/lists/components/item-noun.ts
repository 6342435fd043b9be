import type { ListType } from '@/shared/api-types';

/** '1 investor', '3 funds'. */
export function itemCount(listType: ListType, count: number): string {
  return `${count} ${listType}${count === 1 ? '' : 's'}`;
}
