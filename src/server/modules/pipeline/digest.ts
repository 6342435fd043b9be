import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { followUpDigests, listFunds, listInvestors, lists, users } from '../../db/schema.js';
import { addDays } from '../../../shared/days.js';
import { localDay } from './days.js';
import { followUpDigestMail } from './digest-mail.js';
import { followUps } from './follow-ups.js';
import { FOLLOW_UP_DUE, FOLLOW_UP_WEEK_DAYS } from '../../../shared/pipeline.js';

declare module 'fastify' {
  interface FastifyInstance {
    followUpDigest: FollowUpDigest;
  }
}

export interface FollowUpDigest {
  /** Mails today's digest to every user who has something due and has not been sent it: what the timer runs. */
  tick(): Promise<void>;
}

export interface FollowUpDigestOptions {
  clock: () => Date;
  /** The hour (server local time) from which the day's digest goes out. */
  hour: number;
  /** How often the scheduler looks. */
  everyMs: number;
}

/** Users with a row due by the end of the week ahead, verified, not yet claimed for `today`. */
async function usersDue(db: Db, today: string) {
  const horizon = addDays(today, FOLLOW_UP_WEEK_DAYS);
  const hasRowDue = (link: typeof listInvestors | typeof listFunds) =>
    sql`EXISTS (SELECT 1 FROM ${link} JOIN ${lists} ON ${lists.id} = ${link.list_id}
      WHERE ${lists.user_id} = ${users.id} AND ${lte(link.follow_up_on, horizon)})`;
  const claimed = sql`EXISTS (SELECT 1 FROM ${followUpDigests}
    WHERE ${followUpDigests.user_id} = ${users.id} AND ${followUpDigests.day} = ${today})`;
  return db
    .select({ id: users.id, email: users.email, first_name: users.first_name })
    .from(users)
    .where(
      and(
        isNotNull(users.email_verified_at),
        sql`NOT ${claimed}`,
        sql`(${hasRowDue(listInvestors)} OR ${hasRowDue(listFunds)})`,
      ),
    );
}

/** Takes (user, day) for this instance; false when another instance (or an earlier tick) already has it. */
async function claim(db: Db, userId: number, day: string): Promise<boolean> {
  const taken = await db
    .insert(followUpDigests)
    .values({ user_id: userId, day })
    .onConflictDoNothing()
    .returning({ user_id: followUpDigests.user_id });
  return taken.length > 0;
}

async function release(db: Db, userId: number, day: string): Promise<void> {
  await db.delete(followUpDigests).where(and(eq(followUpDigests.user_id, userId), eq(followUpDigests.day, day)));
}

/**
 * The morning follow-up digest. Every instance's scheduler looks each minute (and once at start, so an
 * instance started after the hour still sends that day's); from the hour on, each user with something due
 * who has no digest for today is claimed in the database — INSERT … ON CONFLICT DO NOTHING, so of several
 * instances exactly one wins — and only then mailed. A failed send gives the claim back for a later tick.
 */
export const followUpDigest = fp(async (app: FastifyInstance, { clock, hour, everyMs }: FollowUpDigestOptions) => {
  let running: Promise<void> | null = null;

  async function sendDue(): Promise<void> {
    const now = clock();
    if (now.getHours() < hour) return;
    const today = localDay(now);
    for (const user of await usersDue(app.db, today)) {
      if (!(await claim(app.db, user.id, today))) continue;
      const rows = await followUps(app.db, user.id, new Set(FOLLOW_UP_DUE), today);
      if (rows.length === 0) {
        await release(app.db, user.id, today);
        continue;
      }
      try {
        await app.mailer.send(followUpDigestMail(user, rows, today, app.config.appUrl));
      } catch (err) {
        app.log.error({ err }, 'sending the follow-up digest failed; a later tick retries');
        await release(app.db, user.id, today);
      }
    }
  }

  /** One pass at a time per instance; a tick arriving during one waits for it instead of starting another. */
  function tick(): Promise<void> {
    running ??= sendDue()
      .catch((err: unknown) => app.log.error({ err }, 'follow-up digest failed'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  app.decorate('followUpDigest', { tick });

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void tick();
    timer = setInterval(() => void tick(), everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
