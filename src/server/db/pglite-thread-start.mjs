// The database thread's entry: a worker thread does not inherit the TypeScript loader (tsx) of the process that
// starts it, so it registers it before loading the thread's code.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
