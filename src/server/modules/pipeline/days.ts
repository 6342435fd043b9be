// The server's calendar day; counting days is shared (shared/days.ts).

/** The date of an instant on the server's clock, in its local time zone. */
export function localDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
