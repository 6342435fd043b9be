// A PDF's bytes in the database, a chunk a statement (see deckFiles in the schema): PGlite runs each statement on
// the event loop, and a 50 MB value in one would hold it for seconds. Bytes travel as base64 text, which PGlite
// takes and gives ten times faster than a bytea parameter.
import { eq, inArray, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { deckFiles } from '../../db/schema.js';

export const DECK_CHUNK_BYTES = 1024 * 1024;

/** Keeps the bytes as a new file, outside any transaction (each chunk commits alone); answers its id. */
export async function writeFile(db: Db, bytes: Uint8Array): Promise<number> {
  const [file] = await db.insert(deckFiles).values({ bytes: bytes.length }).returning({ id: deckFiles.id });
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let seq = 0; seq * DECK_CHUNK_BYTES < buffer.length; seq++) {
      const chunk = buffer.subarray(seq * DECK_CHUNK_BYTES, (seq + 1) * DECK_CHUNK_BYTES).toString('base64');
      await db.execute(sql`INSERT INTO deck_file_chunks (file_id, seq, data) VALUES (${file.id}, ${seq}, decode(${chunk}, 'base64'))`);
    }
  } catch (error) {
    await deleteFiles(db, [file.id]).catch(() => {});
    throw error;
  }
  return file.id;
}

/** Deletes files no version names any more (a refused upload's, a deleted deck's). */
export async function deleteFiles(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(deckFiles).where(inArray(deckFiles.id, ids));
}

/** The file's bytes as a stream, read a chunk at a time as the client takes them. */
export function readFile(db: Db, fileId: number): Readable {
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const [row] = await queryRows(db, sql`SELECT encode(data, 'base64') AS data FROM deck_file_chunks WHERE file_id = ${fileId} AND seq = ${seq}`);
      if (!row) return;
      yield Buffer.from(String(row.data), 'base64');
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** The size of a file, for Content-Length. */
export async function fileBytes(db: Db, fileId: number): Promise<number> {
  const [file] = await db.select({ bytes: deckFiles.bytes }).from(deckFiles).where(eq(deckFiles.id, fileId));
  return file?.bytes ?? 0;
}
