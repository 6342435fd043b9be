/**
 * The grid's code (MUI X DataGrid and our defaults around it) in a chunk of its own, loaded only where a
 * grid is shown: a phone renders rows as cards and never fetches it. A wide screen's page asks for it
 * early (a preload with a media query in the page's head, src/server/plugins/route-preloads.ts).
 */
export const loadDataGridTable = () => import('./DataGridTable');
