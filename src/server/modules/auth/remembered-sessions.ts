import { sessionEndings } from './sessions.js';

/** Sessions remembered live at most; past this, the longest-held is forgotten. */
const REMEMBERED_SESSIONS = 10_000;

/**
 * On PGlite, the sessions once read live, remembered until this process makes a write that can end a session.
 * That answers as a read would: only this process opens the database (its data directory is locked), and every
 * such write is counted as it begins and once it is answered (`sessionEndings`). A read begun while the count
 * moved is not kept; one begun after the write was answered ran after it, and PGlite runs a transaction's
 * statements alone, so after its commit or rollback too. It saves the session check's statement on nearly every
 * call, which on PGlite waits in the one queue of every founder's statements. On PostgreSQL other instances end
 * sessions too: not used there.
 */
export class RememberedSessions {
  /** Session id → the count of endings when it was read live. */
  private readonly live = new Map<string, number>();

  constructor(private readonly read: (sessionId: string) => Promise<boolean>) {}

  async isLive(sessionId: string): Promise<boolean> {
    const count = sessionEndings();
    if (this.live.get(sessionId) === count) return true;
    this.live.delete(sessionId);
    if (!(await this.read(sessionId))) return false;
    if (sessionEndings() === count) {
      if (this.live.size >= REMEMBERED_SESSIONS) this.live.delete(this.live.keys().next().value!);
      this.live.set(sessionId, count);
    }
    return true;
  }
}
