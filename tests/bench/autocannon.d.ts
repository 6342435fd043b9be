// The part of autocannon's API the load and deck benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    /** Requests a second across all connections (none: each connection sends again as soon as answered). */
    overallRate?: number;
    headers?: Record<string, string>;
    requests?: Array<{ method?: string; path: string; headers?: Record<string, string> }>;
    /** Called with each connection's client: its 'response' event gives each answer's status and time (ms). */
    setupClient?: (client: { on(event: 'response', listener: (status: number, bytes: number, ms: number) => void): void }) => void;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
