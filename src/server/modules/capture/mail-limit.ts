// Mails one capture address takes in an hour, counted where every instance sees it (the rate-limit counters: the
// database, or Redis when REDIS_URL is set), so N instances take what one does.
import { CAPTURE_LIMITS } from '../../../shared/capture.js';
import type { CounterStore } from '../../plugins/rate-limit-counters.js';

const HOUR_MS = 60 * 60 * 1000;

export class MailLimit {
  constructor(private readonly counters: CounterStore) {}

  /** Counts one mail for the account; false once it is past CAPTURE_LIMITS.mailsPerHour in its hour. */
  async take(userId: number): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const { hits, ttlMs } = await this.counters.hit(`capture-mail:${userId}`, HOUR_MS);
    return { allowed: hits <= CAPTURE_LIMITS.mailsPerHour, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
  }

  close(): Promise<void> {
    return this.counters.close();
  }
}
