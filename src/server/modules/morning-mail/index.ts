import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { followUpDigests, users } from '../../db/schema.js';
import { localDay } from '../pipeline/days.js';
import { type MorningSection, morningMail, type SectionContent } from './morning-mail.js';

declare module 'fastify' {
  interface FastifyInstance {
    morningMail: MorningMailer;
  }
}

export interface MorningMailer {
  /** Mails today's mail to every user who has something for it and has not been sent one: what the timer runs. */
  tick(): Promise<void>;
}

export interface MorningMailOptions {
  clock: () => Date;
  /** The hour (server local time) from which the day's mail goes out. */
  hour: number;
  /** How often the scheduler looks. */
  everyMs: number;
  /** What a mail may hold, in order. */
  sections: MorningSection[];
}

/** Verified users whom a section may have something for, not yet claimed for `today`. */
async function usersDue(db: Db, today: string, sections: MorningSection[]) {
  const claimed = sql`EXISTS (SELECT 1 FROM ${followUpDigests}
    WHERE ${followUpDigests.user_id} = ${users.id} AND ${followUpDigests.day} = ${today})`;
  return db
    .select({ id: users.id, email: users.email, first_name: users.first_name })
    .from(users)
    .where(
      and(isNotNull(users.email_verified_at), sql`NOT ${claimed}`, or(...sections.map((s) => s.mayHave(users.id, today)))),
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
 * The morning mail (src/server/README.md, "Morning mail"). Every instance's scheduler looks each minute (and once at
 * start, so an instance started after the hour still sends that day's); from the hour on, each user a
 * section may have something for, who has no mail for today, is claimed in the database — INSERT … ON
 * CONFLICT DO NOTHING, so of several instances exactly one wins — and only then are the sections asked
 * what they have. Nothing: the claim is given back (something may come later in the day). Else one mail
 * holding them all; a failed send gives the claim back for a later tick.
 */
export const morningMailer = fp(async (app: FastifyInstance, { clock, hour, everyMs, sections }: MorningMailOptions) => {
  let running: Promise<void> | null = null;

  async function sendDue(): Promise<void> {
    const now = clock();
    if (now.getHours() < hour) return;
    const today = localDay(now);
    for (const user of await usersDue(app.db, today, sections)) {
      if (!(await claim(app.db, user.id, today))) continue;
      const contents: SectionContent[] = [];
      for (const section of sections) {
        const content = await section.collect(app, user, today);
        if (content) contents.push(content);
      }
      if (contents.length === 0) {
        await release(app.db, user.id, today);
        continue;
      }
      try {
        await app.mailer.send(morningMail(user, contents));
      } catch (err) {
        app.log.error({ err }, 'sending the morning mail failed; a later tick retries');
        await release(app.db, user.id, today);
        continue;
      }
      for (const content of contents) await content.sent?.();
    }
  }

  /** One pass at a time per instance; a tick arriving during one waits for it instead of starting another. */
  function tick(): Promise<void> {
    running ??= sendDue()
      .catch((err: unknown) => app.log.error({ err }, 'the morning mail failed'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  app.decorate('morningMail', { tick });

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
