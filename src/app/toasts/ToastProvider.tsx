import { Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { toastHostWanted } from '@/lib/toasts';
import { lazyComponent } from '@/features/offline/lazy-component';
import { focusFirstToast } from './focus-toasts';

const ToastHost = lazyComponent(() => import('./ToastHost'));

/**
 * Where the toasts show (src/lib/toasts.ts): the host and notistack load with the first toast.
 * Alt+T moves focus to the toasts.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const hostWanted = useSyncExternalStore(toastHostWanted.subscribe, toastHostWanted.get);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyT') {
        if (focusFirstToast(document)) event.preventDefault();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      {children}
      {hostWanted && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
    </>
  );
}
