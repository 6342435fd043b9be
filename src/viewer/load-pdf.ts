/** pdf.js and the drawing code, fetched once: the page asks for them as it starts, before the link is read. */
let loading: Promise<typeof import('./pdf')> | null = null;
export const loadPdf = () => (loading ??= import('./pdf'));
