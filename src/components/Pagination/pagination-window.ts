export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

export interface WindowOptions {
  /** Pages always shown at each edge (1). */
  edges: number;
  /** Pages shown around and including the current one (3, or 1 on extra-small screens). */
  around: number;
}

/**
 * The page numbers to show for `current` of `total` (both 1-based): the edges, a window of `around`
 * pages kept inside the range, and an ellipsis for each gap. A gap of a single page shows that page,
 * since an ellipsis there would hide nothing.
 */
export function paginationWindow(current: number, total: number, { edges, around }: WindowOptions): PageItem[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(1, current), total);
  const span = Math.max(1, around);
  let start = page - Math.floor((span - 1) / 2);
  let end = start + span - 1;
  if (start < 1) {
    end += 1 - start;
    start = 1;
  }
  if (end > total) {
    start = Math.max(1, start - (end - total));
    end = total;
  }

  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(edges, total); p += 1) shown.add(p);
  for (let p = Math.max(1, total - edges + 1); p <= total; p += 1) shown.add(p);
  for (let p = start; p <= end; p += 1) shown.add(p);

  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((p, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && p - previous === 2) items.push(p - 1);
    else if (previous !== undefined && p - previous > 2) items.push(p <= page ? 'ellipsis-start' : 'ellipsis-end');
    items.push(p);
  });
  return items;
}
