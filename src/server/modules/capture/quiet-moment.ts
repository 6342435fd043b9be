// A mail's writes give way to founders' requests: they start once the instance answers none
// (plugins/requests-in-flight.ts), or after `mostMs` however busy it is, so the capture never stops. On two cores a
// capture at full speed beside a founder's searches otherwise took their CPU in the app, in its own thread and in
// the database alike (tests/bench/README.md, e-mail capture).

/** The longest a mail waits for a quiet moment. */
export const MAIL_WAITS_AT_MOST_MS = 25;

/** Resolves once `inFlight[0]` is 0, or after `mostMs`. */
export async function quietMoment(inFlight: Int32Array, mostMs = MAIL_WAITS_AT_MOST_MS): Promise<void> {
  const until = performance.now() + mostMs;
  for (;;) {
    const now = Atomics.load(inFlight, 0);
    const left = until - performance.now();
    if (now <= 0 || left <= 0) return;
    const wait = Atomics.waitAsync(inFlight, 0, now, left);
    if (wait.async) await wait.value;
  }
}
