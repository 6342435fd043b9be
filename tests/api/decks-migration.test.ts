// Migration 0017: versions uploaded while a deck's bytes were one bytea column keep them, served as before.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/query-rows.js';
import { buildTestApp } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';
import { olderDatabase } from '../helpers/migrations.js';
import { pdfWithPages, uploadPdf } from '../helpers/pdf.js';
import { createVerifiedUser } from '../helpers/users.js';

describe.each(testDatabases())('migration 0017 on $name', (kind) => {
  it('moves each version’s bytes into a file of its own, and new versions follow it', async () => {
    const bytes = pdfWithPages(2);
    const ids: Record<string, number> = {};
    const older = await olderDatabase(kind.name, '0017_deck_files', async (db) => {
      // In plain SQL: the schema's tables are as later migrations leave them.
      const [user] = await queryRows(db, sql`INSERT INTO users (email, password_hash, first_name, last_name, email_verified_at)
        VALUES (${`older-${Date.now()}@example.test`}, 'x', 'Ada', 'Older', now()) RETURNING id`);
      const [deck] = await queryRows(db, sql`INSERT INTO decks (user_id, name) VALUES (${user.id}, 'Old deck') RETURNING id`);
      await db.execute(sql`INSERT INTO deck_versions (deck_id, version, file_name, bytes, page_count, sha256, data)
        VALUES (${deck.id}, 1, 'old.pdf', ${bytes.length}, 2, 'x', decode(${bytes.toString('base64')}, 'base64'))`);
      Object.assign(ids, { user: Number(user.id), deck: Number(deck.id) });
    });
    const { app, close } = await buildTestApp(older, { rateLimit: false });
    try {
      const ada = await createVerifiedUser(app);
      await app.db.execute(sql`UPDATE decks SET user_id = ${ada.user.id} WHERE id = ${ids.deck}`);
      const call = (method: 'GET' | 'POST', url: string, payload?: object) => app.inject({ method, url: `/api/v1${url}`, headers: ada.headers, payload });
      const link = (await call('POST', `/decks/${ids.deck}/links`, { name: 'Old', require_email: false, version_id: null })).json();
      const view = (await app.inject({ method: 'POST', url: `/api/v1/d/${link.token}/views`, payload: {} })).json();
      const file = await app.inject({ method: 'GET', url: `/api/v1/d/${link.token}/views/${view.view_id}/file?key=${view.key}` });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(bytes)).toBe(true);
      const added = await uploadPdf(app, ada.headers, `/decks/${ids.deck}/versions`, pdfWithPages(3));
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json().latest).toMatchObject({ version: 2, page_count: 3 });
    } finally {
      await close();
    }
  }, 180_000);
});
