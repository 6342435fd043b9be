import { useRef, type ReactNode } from 'react';
import { AppButton, type AppButtonProps } from '@/components/AppButton/AppButton';
import { showToast } from '@/lib/toasts';
import { DECK_LIMITS } from '@/shared/decks';

const MEGABYTES = DECK_LIMITS.bytes / 1024 / 1024;

/** A button that picks a PDF of at most 50 MB; the server checks what it really is. */
export function PdfPicker({ children, onPick, loading, variant }: { children: ReactNode; onPick: (file: File) => void; loading: boolean; variant?: AppButtonProps['variant'] }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <AppButton variant={variant} loading={loading} onClick={() => input.current?.click()}>
        {children}
      </AppButton>
      <input
        ref={input}
        type="file"
        accept="application/pdf,.pdf"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          if (file.size > DECK_LIMITS.bytes) {
            showToast(`A deck must be ${MEGABYTES} MB or less.`, { variant: 'error' });
            return;
          }
          onPick(file);
        }}
      />
    </>
  );
}
