import { showToast } from '@/lib/toasts';

/** Copies text to the clipboard and says so ("Copied"), or says it could not. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast('Copied', { variant: 'success' });
  } catch {
    showToast('Could not copy: select it and copy it yourself.', { variant: 'error' });
  }
}
