// Reads a file or pasted cells for the wizard: in the import worker where the browser has workers,
// else (tests in jsdom) on this thread.
import { IMPORT_MAX_BYTES } from '@/shared/imports';
import { readFailure, type ReadAnswer } from './read-answer';
import type { SpreadsheetSource } from './read-spreadsheet';

const MEGABYTES = IMPORT_MAX_BYTES / (1024 * 1024);

/** Checked before anything is read: a file over the limit is refused by its size alone. */
export function tooBig(bytes: number): string | null {
  return bytes > IMPORT_MAX_BYTES
    ? `This file is ${(bytes / (1024 * 1024)).toFixed(1)} MB; at most ${MEGABYTES} MB can be imported. Split it, or remove columns you do not need.`
    : null;
}

function readInWorker(source: SpreadsheetSource, transfer: Transferable[]): Promise<ReadAnswer> {
  const worker = new Worker(new URL('./read-worker.ts', import.meta.url), { type: 'module', name: 'spreadsheet-import' });
  return new Promise<ReadAnswer>((resolve) => {
    worker.onmessage = (event: MessageEvent<ReadAnswer>) => resolve(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      resolve({ ok: false, message: readFailure(event.error) });
    };
    worker.postMessage(source, transfer);
  }).finally(() => worker.terminate());
}

async function readHere(source: SpreadsheetSource): Promise<ReadAnswer> {
  const { readSpreadsheet } = await import('./read-spreadsheet');
  try {
    return { ok: true, result: await readSpreadsheet(source) };
  } catch (error) {
    return { ok: false, message: readFailure(error) };
  }
}

export async function readFile(file: File): Promise<ReadAnswer> {
  const refused = tooBig(file.size);
  if (refused) return { ok: false, message: refused };
  const source: SpreadsheetSource = { kind: 'file', name: file.name, bytes: await file.arrayBuffer() };
  return typeof Worker === 'undefined' ? readHere(source) : readInWorker(source, [source.bytes]);
}

export function readPasted(text: string): Promise<ReadAnswer> {
  const refused = tooBig(new Blob([text]).size);
  if (refused) return Promise.resolve({ ok: false, message: refused.replace('This file', 'What you pasted') });
  const source: SpreadsheetSource = { kind: 'paste', text };
  return typeof Worker === 'undefined' ? readHere(source) : readInWorker(source, []);
}
