import { useLists } from '@/features/lists/api/get-lists';
import { listKeys } from '@/features/lists/api/list-keys';
import type { CaptureLists } from '@/features/capture';

/** The founder's lists and their items' keys (kept offline), as the capture pages read them. */
export function useCaptureLists(): CaptureLists {
  return { ...listKeys, lists: useLists().data };
}
