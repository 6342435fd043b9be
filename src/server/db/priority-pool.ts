import pg from 'pg';
import { hasPriority } from './priority-lane.js';

/** Connections kept for the priority lane beside the pool's own, on each instance. */
const LANE_CONNECTIONS = 2;

/**
 * A PostgreSQL pool whose statements made in the priority lane (withPriority) go to connections of their own, so that
 * they wait behind none of the statements queued for the pool's ten (a deck reader's beacon beside founders' searches).
 * Only single statements take the lane: a transaction (connect) always uses the pool's own connections.
 */
export function poolWithPriorityLane(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  const lane = new pg.Pool({ ...config, max: LANE_CONNECTIONS });
  // As for the pool (client.ts): an idle connection the server ends is dropped, not a crash.
  lane.on('error', () => {});
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const laneQuery = lane.query.bind(lane) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => (hasPriority() ? laneQuery : poolQuery)(...args)) as typeof pool.query;
  const poolEnd = pool.end.bind(pool);
  pool.end = (async () => {
    await Promise.all([poolEnd(), lane.end()]);
  }) as typeof pool.end;
  return pool;
}
