/** A route's numeric id, or null when the URL carries something else (shown as not found). */
export function positiveId(raw: string): number | null {
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}
