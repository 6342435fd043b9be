// A confirmed change's answer, told by a toast.
import { apiErrorDetail } from './api-client';
import { showToast } from './toasts';

/** A mutation's callbacks: on success `then` and a toast saying `done`; on failure the server's reason, else `failed`. */
export function toastOutcome(done: string, failed: string, then?: () => void) {
  return {
    onSuccess: () => {
      then?.();
      showToast(done, { variant: 'success' });
    },
    onError: (error: unknown) => showToast(apiErrorDetail(error) ?? failed, { variant: 'error' }),
  };
}
