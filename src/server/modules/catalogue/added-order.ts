// When catalogue rows were added (added_at, the database's clock), for the saved searches' new rows: a
// window of added times in the search filter, in SQL and in the facet index. Times travel as whole
// microseconds since the epoch, the database's own precision, so the index and SQL compare exactly alike.
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** Rows added after `after` and, when given, at or before `upTo` (microseconds since the epoch). */
export interface AddedWindow {
  after: number;
  upTo?: number;
}

/** A timestamp as whole microseconds since the epoch (exact: extract answers numeric); NULL stays NULL. */
export function epochMicrosSql(column: AnyColumn | SQL): SQL {
  return sql`(extract(epoch FROM ${column}) * 1000000)::bigint`;
}

/** A time of whole microseconds since the epoch as a timestamptz, exactly. */
export function timestampSql(micros: number): SQL {
  return sql`('epoch'::timestamptz + ${micros}::bigint * interval '1 microsecond')`;
}

/** The window as a condition on the column: a row added at an unknown time (NULL) is in no window. */
export function addedWindowSql(column: AnyColumn, window: AddedWindow): SQL {
  const after = sql`${column} > ${timestampSql(window.after)}`;
  return window.upTo === undefined ? after : sql`${after} AND ${column} <= ${timestampSql(window.upTo)}`;
}

/**
 * The rows of an index that have an added time, in the order they were added, so the rows of a window
 * are one stretch of it: found by two binary searches, read without looking at any other row.
 */
export class AddedOrder {
  private constructor(
    /** Ascending. */
    private readonly times: Float64Array,
    /** The row position added at each of `times`: the rows in the order they were added. */
    readonly rows: Int32Array,
  ) {}

  /** From each row position's added time (NaN: unknown). */
  static of(added: Float64Array): AddedOrder {
    const known: number[] = [];
    let sorted = true;
    for (let row = 0; row < added.length; row++) {
      if (Number.isNaN(added[row])) continue;
      if (known.length > 0 && added[row] < added[known[known.length - 1]]) sorted = false;
      known.push(row);
    }
    // Rows are read in id order, which is nearly always the order they were added; the sort (a TimSort)
    // costs next to nothing then.
    if (!sorted) known.sort((a, b) => added[a] - added[b] || a - b);
    return new AddedOrder(Float64Array.from(known, (row) => added[row]), Int32Array.from(known));
  }

  get size(): number {
    return this.times.byteLength + this.rows.byteLength;
  }

  /** The first index whose time is past `time`. */
  private after(time: number): number {
    let lo = 0;
    let hi = this.times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.times[mid] <= time) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Where the rows added in the window are in `rows`: from `start` to before `end`. */
  range(window: AddedWindow): { start: number; end: number } {
    const start = this.after(window.after);
    const end = window.upTo === undefined ? this.times.length : this.after(window.upTo);
    return { start, end: Math.max(start, end) };
  }
}
