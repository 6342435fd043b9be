import { useCallback, useState } from 'react';

/** Generic default (SPEC §9): columns 150 px wide. */
export const DEFAULT_COLUMN_WIDTH = 150;

export interface ColumnWidthLimits {
  min: number;
  max?: number;
}

/** Each column's width in px, by field; `resize` keeps it within the limits. */
export function useColumnWidths(limits: ColumnWidthLimits) {
  const [resized, setResized] = useState<Record<string, number>>({});
  const clamp = useCallback(
    (width: number) => Math.round(Math.min(limits.max ?? Infinity, Math.max(limits.min, width))),
    [limits.min, limits.max],
  );
  const widthOf = (column: { field: string; width?: number }) =>
    resized[column.field] ?? clamp(column.width ?? DEFAULT_COLUMN_WIDTH);
  const resize = useCallback(
    (field: string, width: number) => setResized((current) => ({ ...current, [field]: clamp(width) })),
    [clamp],
  );
  return { widthOf, resize };
}
