// The import's Web Worker: reads a file or pasted cells into tables off the page's thread, so the page
// stays responsive while a 5 MB file is decoded and parsed.
import { readSpreadsheet, type SpreadsheetSource } from './read-spreadsheet';
import { readFailure, type ReadAnswer } from './read-answer';

self.onmessage = async (event: MessageEvent<SpreadsheetSource>) => {
  let answer: ReadAnswer;
  try {
    answer = { ok: true, result: await readSpreadsheet(event.data) };
  } catch (error) {
    answer = { ok: false, message: readFailure(error) };
  }
  self.postMessage(answer);
};
