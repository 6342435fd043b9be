import { FetchError } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { SessionExpiredError } from '../../src/lib/api-client';
import { classifySendFailure } from '../../src/features/offline/outbox/outbox';

/** A failed call as ofetch reports it: the status and the answer's headers. */
function failed(status: number, headers: Record<string, string> = {}): FetchError {
  return Object.assign(new FetchError(`answered ${status}`), { status, response: new Response(null, { status, headers }) });
}

describe('what a failed queued addition means', () => {
  it('keeps the row to send again when no answer came or the trouble passes', () => {
    expect(classifySendFailure(new TypeError('Failed to fetch'))).toBe('retry');
    for (const status of [408, 429, 500, 503]) expect(classifySendFailure(failed(status))).toBe('retry');
    // The first send with this Idempotency-Key is still being answered: the server asks to retry.
    expect(classifySendFailure(failed(409, { 'retry-after': '1' }))).toBe('retry');
  });

  it('keeps it for the next login when the session ended', () => {
    expect(classifySendFailure(new SessionExpiredError(new Error('refresh refused')))).toBe('session');
    expect(classifySendFailure(failed(401))).toBe('session');
  });

  it('drops it when the server refused it for good', () => {
    expect(classifySendFailure(failed(404))).toBe('rejected');
    expect(classifySendFailure(failed(409))).toBe('rejected');
    expect(classifySendFailure(failed(422))).toBe('rejected');
  });
});
