// The capture listener thread's entry: a worker thread does not inherit the TypeScript loader (tsx) of the process
// that starts it, so it registers it before loading the listener.
import { register } from 'tsx/esm/api';

register();
await import('./smtp-thread.ts');
