/** The charts' series colours, which their legends (drawn by the page, outside the charts' chunk) repeat. */
export const SERIES_COLORS = { committed: '#4B45E6', termSheet: '#A9A6F5' } as const;

/** A chart's height, kept by the page while its chunk loads. */
export const CHART_HEIGHT = 220;
