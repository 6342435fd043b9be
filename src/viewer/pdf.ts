// pdf.js, loaded on the viewer page only: the document from the view's file, each page drawn to fit a canvas.
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export type { PDFDocumentProxy };
GlobalWorkerOptions.workerSrc = workerUrl;

export async function openPdf(url: string): Promise<PDFDocumentProxy> {
  // No eval (the page's CSP allows none), no fonts or scripts from anywhere but the document itself.
  return getDocument({ url, isEvalSupported: false, enableXfa: false, disableAutoFetch: true, withCredentials: false }).promise;
}

export interface DrawnPage {
  /** The page's text, for a screen reader, once it is drawn. */
  text: Promise<string>;
  cancel(): void;
}

/** Draws a page as large as fits `width` × `height` CSS pixels, sharp on the screen's pixel ratio, with the watermark across it. */
export function drawPage(
  doc: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  width: number,
  height: number,
  watermark: string | null,
): DrawnPage {
  let cancelled = false;
  let cancelRender = () => {};
  const done = (async () => {
    const page = await doc.getPage(pageNumber);
    if (cancelled) return '';
    const unscaled = page.getViewport({ scale: 1 });
    const scale = Math.min(width / unscaled.width, height / unscaled.height);
    const ratio = Math.min(window.devicePixelRatio || 1, 3);
    const viewport = page.getViewport({ scale: scale * ratio });
    const drawing = document.createElement('canvas');
    drawing.width = Math.floor(viewport.width);
    drawing.height = Math.floor(viewport.height);
    const task = page.render({ canvas: drawing, viewport });
    cancelRender = () => task.cancel();
    const [, content] = await Promise.all([task.promise, page.getTextContent()]);
    if (cancelled) return '';
    if (watermark) drawWatermark(drawing, watermark, ratio);
    // Shown at once when drawn, so a page never flashes blank between two.
    canvas.width = drawing.width;
    canvas.height = drawing.height;
    canvas.style.width = `${drawing.width / ratio}px`;
    canvas.style.height = `${drawing.height / ratio}px`;
    canvas.getContext('2d')!.drawImage(drawing, 0, 0);
    return content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' ').trim();
  })();
  return {
    text: done,
    cancel() {
      cancelled = true;
      cancelRender();
    },
  };
}

function drawWatermark(canvas: HTMLCanvasElement, text: string, ratio: number) {
  const context = canvas.getContext('2d')!;
  const size = Math.max(14, Math.min(canvas.width, canvas.height) / 22);
  context.save();
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate(-Math.atan2(canvas.height, canvas.width));
  context.font = `600 ${size}px system-ui, sans-serif`;
  context.fillStyle = 'rgba(17, 24, 39, 0.16)';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  const step = size * 4 + 24 * ratio;
  for (let y = -canvas.height; y <= canvas.height; y += step) context.fillText(text, 0, y);
  context.restore();
}
