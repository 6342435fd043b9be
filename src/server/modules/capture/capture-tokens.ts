// Which account a capture token names, as the listener checks it at RCPT: read from the database, then kept a few
// seconds, so a founder's mails one after another cost one look-up. A rotation at this instance forgets her tokens at
// once (refused from the next RCPT); one at another instance may be missed here for TOKEN_TTL_MS, but never logs a
// mail: takeMail reads the account by its token again as it takes the mail, and the listener refuses it then (550).
import type { Db } from '../../db/client.js';
import { accountOfToken } from './intake.js';

/** How long a token found is trusted without asking the database. */
export const TOKEN_TTL_MS = 10_000;
/** Tokens kept at most; past it the ended ones go, or all when none has ended (a flood of addresses). */
const MAX_KEPT = 10_000;

export class CaptureTokens {
  private readonly known = new Map<string, { userId: number; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = TOKEN_TTL_MS,
  ) {}

  /** The account whose capture address holds `token`, or null: the database's answer of the last TOKEN_TTL_MS. */
  async accountOf(token: string): Promise<number | null> {
    const now = Date.now();
    const kept = this.known.get(token);
    if (kept && kept.until > now) return kept.userId;
    const userId = await accountOfToken(this.db, token);
    if (userId === null) {
      this.known.delete(token);
      return null;
    }
    if (this.known.size >= MAX_KEPT) this.sweep(now);
    this.known.set(token, { userId, until: now + this.ttlMs });
    return userId;
  }

  /** Her address was rotated: its old token is asked of the database again from now on. */
  forget(userId: number): void {
    for (const [token, kept] of this.known) if (kept.userId === userId) this.known.delete(token);
  }

  private sweep(now: number): void {
    for (const [token, kept] of this.known) if (kept.until <= now) this.known.delete(token);
    if (this.known.size >= MAX_KEPT) this.known.clear();
  }
}
