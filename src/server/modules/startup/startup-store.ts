import { eq, inArray, sql } from 'drizzle-orm';
import {
  type CompleteStartupProfile,
  compileFitProfile,
  EMPTY_STARTUP,
  type FitProfile,
  type StartupProfile,
} from '../../../shared/fit.js';
import { postgresPool, type Db } from '../../db/client.js';
import { RememberedReads, WritesCount } from '../../db/remembered-reads.js';
import { startups } from '../../db/schema.js';
import { BatchedReads } from '../auth/batched-reads.js';

const profileColumns = {
  name: startups.name,
  pitch: startups.pitch,
  stage: startups.stage,
  industries: startups.industries,
  geography: startups.geography,
  financing_type: startups.financing_type,
  raise_amount: startups.raise_amount,
  close_on: startups.close_on,
};

/** The user's saved profile, or null before the first save. */
export async function savedStartup(db: Db, userId: number): Promise<CompleteStartupProfile | null> {
  const [row] = await db.select(profileColumns).from(startups).where(eq(startups.user_id, userId));
  return row ?? null;
}

/** GET /api/v1/startup: the saved profile, every field null before the first save. */
export async function readStartup(db: Db, userId: number): Promise<StartupProfile> {
  return (await savedStartup(db, userId)) ?? EMPTY_STARTUP;
}

/** Every write of a profile in this process, counted: a profile remembered on PGlite is read again after one. */
const profileWrites = new WritesCount();

/**
 * Each database's profile reads: the searches arriving together read their callers' profiles in one statement, and
 * on PGlite each profile read is remembered until this process next saves one (RememberedReads).
 */
const fitProfileReads = new WeakMap<Db, (userId: number) => Promise<FitProfile | null>>();

function fitProfileReader(db: Db): (userId: number) => Promise<FitProfile | null> {
  let read = fitProfileReads.get(db);
  if (!read) {
    const batched = new BatchedReads(async (userIds: number[]) => {
      const rows = await db
        .select({ user_id: startups.user_id, ...profileColumns })
        .from(startups)
        .where(inArray(startups.user_id, userIds));
      return new Map(rows.map(({ user_id, ...profile }) => [user_id, compileFitProfile(profile)]));
    }, null);
    const remembered = postgresPool(db)
      ? null
      : new RememberedReads((userId: number) => batched.read(userId), profileWrites);
    read = remembered ? (userId) => remembered.get(userId) : (userId) => batched.read(userId);
    fitProfileReads.set(db, read);
  }
  return read;
}

/** The profile compiled for scoring rows, or null when the user has none. A change is seen by the next search on
 * any instance: on PostgreSQL it is read on every call. */
export function fitProfileFor(db: Db, userId: number): Promise<FitProfile | null> {
  return fitProfileReader(db)(userId);
}

/**
 * Saves the profile unless a later edit (by `changed_at`, the time it was made on its device) is stored
 * already; either way answers the profile as it now stands. One statement, so two racing saves settle
 * on the later edit.
 */
export async function saveStartup(
  db: Db,
  userId: number,
  profile: CompleteStartupProfile,
  changedAt: Date,
): Promise<CompleteStartupProfile> {
  const values = { ...profile, changed_at: changedAt, updated_at: new Date() };
  await profileWrites.of(
    db
      .insert(startups)
      .values({ user_id: userId, ...values })
      .onConflictDoUpdate({
        target: startups.user_id,
        set: values,
        setWhere: sql`${startups.changed_at} <= ${changedAt.toISOString()}::timestamptz`,
      }),
  );
  return (await savedStartup(db, userId))!;
}
