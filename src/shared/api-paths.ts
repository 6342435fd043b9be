// The API's paths, exact (src/server/README.md, "The API in short"). Both the client and the server build on these;
// the filters' query keys and filter calls are in catalogue-filters.ts.

export const API = '/api/v1';

/** GET and PUT the founder's startup profile (shared/fit.ts: StartupProfile). */
export const STARTUP_PATH = '/startup';

/** GET the round's progress (shared/fit.ts: RoundProgress). */
export const ROUND_PATH = '/round';
