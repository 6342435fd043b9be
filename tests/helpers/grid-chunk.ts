import { beforeAll } from 'vitest';
import { loadDataGridTable } from '@/components/DataGrid/load-data-grid-table';

/**
 * Loads the grid's chunk before the file's tests, as a wide screen's page preloads it. Its first import in a busy
 * worker (MUI X transformed for the first time) can outlast a find's wait; once loaded, a grid mounts at once.
 */
export function preloadGridChunk() {
  beforeAll(loadDataGridTable);
}
