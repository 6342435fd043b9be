import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A time in ms since 1970 (float8, its microseconds the fraction), exactly what `(extract(epoch FROM at) * 1000)::float8`
 * gives (the nearest float8 to the microseconds / 1000), from its binary form (microseconds since 2000 as a bigint):
 * about 0.4 µs a value on PGlite, where numeric's extract and product take 1.2. NULL for NULL; `new Date(ms)` cuts
 * it to the millisecond, as a Date read from the column is.
 */
export const epochMs = (at: SQL | AnyPgColumn) =>
  sql`((('x' || encode(timestamptz_send(${at}), 'hex'))::bit(64)::bigint + 946684800000000) / 1000.0::float8)`;
