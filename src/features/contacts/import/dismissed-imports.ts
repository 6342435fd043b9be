// The imports whose Undo import banner the founder closed, remembered on this device (localStorage: a
// convenience, not data; each import's banner lasts IMPORT_UNDO_HOURS, so only the last few ids are kept).
const KEY = 'fundscape.import-banner-dismissed';
const KEPT = 50;

function dismissedIds(): number[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

export function isImportDismissed(importId: number): boolean {
  return dismissedIds().includes(importId);
}

export function dismissImport(importId: number): void {
  try {
    localStorage.setItem(KEY, JSON.stringify([...dismissedIds().filter((id) => id !== importId), importId].slice(-KEPT)));
  } catch {
    // Storage full or refused (private browsing): the banner is closed until the page is opened again.
  }
}
