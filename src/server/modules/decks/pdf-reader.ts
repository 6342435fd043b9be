// Reads an uploaded PDF's page count in a worker thread (pdf-thread.mjs), one file at a time per instance, each
// bounded in time and memory: a file that takes too long or exhausts the thread is unreadable, and the thread is
// started anew.
import { Worker } from 'node:worker_threads';
import { DECK_LIMITS } from '../../../shared/decks.js';
import { HttpError } from '../../plugins/error-handler.js';

export const DECK_MESSAGES = {
  notPdf: 'This file is not a PDF: upload the deck as a PDF (Content-Type: application/pdf)',
  empty: 'This PDF is empty: export the deck again and upload that',
  noPages: 'This PDF has no pages: export the deck again and upload that',
  password: 'This PDF is protected by a password: save a copy without one and upload that',
  unreadable: 'This PDF cannot be read (it may be damaged): export the deck again and upload that',
  slow: 'This PDF took too long to read: export the deck again (smaller, or without embedded media) and upload that',
  busy: 'Several decks are being read just now: try again in a moment',
  tooManyPages: (pages: number) => `A deck may have at most ${DECK_LIMITS.pages} pages; this one has ${pages}`,
} as const;

/** What a PDF checked is: its pages and its SHA-256 (hex). */
export interface PdfFacts {
  pageCount: number;
  sha256: string;
}

interface Job {
  data: Uint8Array;
  resolve: (facts: PdfFacts) => void;
  reject: (error: Error) => void;
}

/** What the thread answers. */
interface Answer {
  id: number;
  pages?: number;
  sha256?: string;
  failure?: 'password' | 'unreadable';
}

export interface PdfReaderOptions {
  /** How long one file may take (default 30 s). */
  timeoutMs?: number;
  /** Files waiting beyond the one being read; one more is refused (429) rather than held in memory. */
  maxWaiting?: number;
}

/** One thread reading PDFs in turn; close() ends it. */
export class PdfReader {
  private worker: Worker | null = null;
  private readonly waiting: Job[] = [];
  private current: { id: number; job: Job; timer: NodeJS.Timeout } | null = null;
  private nextId = 0;
  private closed = false;
  private readonly timeoutMs: number;
  private readonly maxWaiting: number;

  constructor(options: PdfReaderOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxWaiting = options.maxWaiting ?? 4;
  }

  /**
   * The file's page count and hash; an HttpError (415, 422) saying why it cannot be a deck: not a PDF by its bytes,
   * empty, protected by a password, damaged, no pages, or more than DECK_LIMITS.pages.
   */
  async check(bytes: Uint8Array): Promise<PdfFacts> {
    if (bytes.length === 0) throw new HttpError(422, DECK_MESSAGES.empty);
    if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') throw new HttpError(415, DECK_MESSAGES.notPdf);
    if (this.closed) throw new HttpError(503, 'The server is shutting down: try again in a moment');
    if (this.waiting.length >= this.maxWaiting) throw new HttpError(429, DECK_MESSAGES.busy);
    // The thread is handed a copy it owns: the caller keeps the bytes to store.
    const facts = await new Promise<PdfFacts>((resolve, reject) => {
      this.waiting.push({ data: new Uint8Array(bytes), resolve, reject });
      this.next();
    });
    if (facts.pageCount === 0) throw new HttpError(422, DECK_MESSAGES.noPages);
    if (facts.pageCount > DECK_LIMITS.pages) throw new HttpError(422, DECK_MESSAGES.tooManyPages(facts.pageCount));
    return facts;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new HttpError(503, 'The server is shutting down: try again in a moment'));
    this.finish(new HttpError(503, 'The server is shutting down: try again in a moment'));
    await this.worker?.terminate();
    this.worker = null;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./pdf-thread.mjs', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: 512 } });
    worker.unref();
    worker.on('message', (answer: Answer) => {
      if (this.current?.id !== answer.id) return;
      if (answer.pages !== undefined) this.finish(null, { pageCount: answer.pages, sha256: answer.sha256! });
      else this.finish(new HttpError(422, answer.failure === 'password' ? DECK_MESSAGES.password : DECK_MESSAGES.unreadable));
    });
    // A thread that died (out of memory on a hostile file) fails the file it read; the next file starts another.
    const lost = () => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.finish(new HttpError(422, DECK_MESSAGES.unreadable));
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    this.worker = worker;
    return worker;
  }

  private next(): void {
    if (this.current || this.closed) return;
    const job = this.waiting.shift();
    if (!job) return;
    const id = ++this.nextId;
    const timer = setTimeout(() => {
      const worker = this.worker;
      this.worker = null;
      this.finish(new HttpError(422, DECK_MESSAGES.slow));
      void worker?.terminate();
    }, this.timeoutMs);
    this.current = { id, job, timer };
    this.thread().postMessage({ id, data: job.data }, [job.data.buffer as ArrayBuffer]);
  }

  private finish(error: Error | null, facts?: PdfFacts): void {
    const current = this.current;
    if (!current) return;
    this.current = null;
    clearTimeout(current.timer);
    if (error) current.job.reject(error);
    else current.job.resolve(facts!);
    this.next();
  }
}
