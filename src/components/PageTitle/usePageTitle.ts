import { useEffect } from 'react';
import { PRODUCT_NAME } from '@/shared/constants';

export function pageTitle(page: string): string {
  return `${page} | ${PRODUCT_NAME}`;
}

/** Sets the document title to '{page} | Fundscape' while the calling screen is shown. */
export function usePageTitle(page: string) {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
