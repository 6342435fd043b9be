// The PDF reader's thread (decks/pdf-reader.ts): page counts, what it refuses, and a file that takes too long.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { PdfReader } from '../../src/server/modules/decks/pdf-reader.js';
import { HttpError } from '../../src/server/plugins/error-handler.js';
import { corruptPdf, encryptedPdf, pdfWithPages } from '../helpers/pdf.js';

const readers: PdfReader[] = [];
const reader = (options?: ConstructorParameters<typeof PdfReader>[0]) => {
  const made = new PdfReader(options);
  readers.push(made);
  return made;
};
afterEach(async () => {
  await Promise.all(readers.splice(0).map((made) => made.close()));
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).statusCode, detail: (error as HttpError).message };
};

describe('the PDF reader', () => {
  it('counts pages and hashes the file, and leaves the caller its bytes', async () => {
    const bytes = pdfWithPages(7);
    const copy = Buffer.from(bytes);
    expect(await reader().check(bytes)).toEqual({ pageCount: 7, sha256: createHash('sha256').update(bytes).digest('hex') });
    expect(bytes.equals(copy)).toBe(true);
  });

  it('refuses what is not a deck, saying why', async () => {
    const pdfs = reader();
    expect(await refusal(pdfs.check(Buffer.from('<html>')))).toMatchObject({ status: 415, detail: expect.stringMatching(/not a PDF/) });
    expect(await refusal(pdfs.check(Buffer.alloc(0)))).toMatchObject({ status: 422, detail: expect.stringMatching(/empty/) });
    expect(await refusal(pdfs.check(encryptedPdf()))).toMatchObject({ status: 422, detail: expect.stringMatching(/password/) });
    expect(await refusal(pdfs.check(corruptPdf()))).toMatchObject({ status: 422, detail: expect.stringMatching(/cannot be read/) });
    expect(await refusal(pdfs.check(pdfWithPages(0)))).toMatchObject({ status: 422, detail: expect.stringMatching(/no pages/) });
    // Still reading after all that.
    expect((await pdfs.check(pdfWithPages(2))).pageCount).toBe(2);
  });

  it('gives up on a file that takes too long, and reads the next in a new thread', async () => {
    const pdfs = reader({ timeoutMs: 1 });
    expect(await refusal(pdfs.check(pdfWithPages(300)))).toMatchObject({ status: 422, detail: expect.stringMatching(/too long/) });
    const patient = reader({ timeoutMs: 30_000 });
    expect((await patient.check(pdfWithPages(300))).pageCount).toBe(300);
  });

  it('refuses a file while too many wait, rather than holding them all in memory', async () => {
    const pdfs = reader({ maxWaiting: 1 });
    const reading = [pdfs.check(pdfWithPages(50)), pdfs.check(pdfWithPages(50))];
    // The first is being read, the second waits: a third is one too many.
    expect(await refusal(pdfs.check(pdfWithPages(1)))).toMatchObject({ status: 429 });
    expect((await Promise.all(reading)).map((facts) => facts.pageCount)).toEqual([50, 50]);
  });
});
