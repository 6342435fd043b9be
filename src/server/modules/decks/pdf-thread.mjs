// The thread that reads an uploaded PDF with pdf.js (plain JavaScript: it needs no TypeScript loader), so a large or
// hostile file never holds the server's event loop. Each message `{id, data}` is answered `{id, pages, sha256}` or
// `{id, failure: 'password' | 'unreadable'}`, with the file's SHA-256 (hashed here too: 50 MB is a tenth of a second).
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

parentPort.on('message', async ({ id, data }) => {
  let task;
  const sha256 = createHash('sha256').update(data).digest('hex');
  try {
    task = getDocument({
      data,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: true,
      verbosity: 0,
    });
    const document = await task.promise;
    const pages = document.numPages;
    // The page tree is read as far as the first page: a file whose pages cannot be found is as good as empty.
    if (pages > 0) await document.getPage(1);
    parentPort.postMessage({ id, pages, sha256 });
  } catch (error) {
    parentPort.postMessage({ id, failure: error?.name === 'PasswordException' ? 'password' : 'unreadable' });
  } finally {
    await task?.destroy().catch(() => {});
  }
});
