import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { DECK_LIMITS, type DeckLinkPublic, type DeckViewStart } from '@/shared/decks';
import { loadPdf } from './load-pdf';
import type { PDFDocumentProxy } from './pdf';
import { ReadingClock } from './reading-clock';
import { fileUrl, sendReadingTime } from './viewer-api';

/** A swipe: this far sideways, and more sideways than down. */
const SWIPE_PX = 40;

/** The time each page is read, sent every 10 s and as the page is hidden or closed; none while it is hidden. */
function useReadingTime(token: string, view: DeckViewStart) {
  const clock = useRef<ReadingClock | null>(null);
  clock.current ??= new ReadingClock(performance.now());
  const seq = useRef(0);

  useEffect(() => {
    const send = (leaving: boolean) => {
      // Up to what the server takes in one beacon: a late timer loses nothing.
      const pages = clock.current!.take(performance.now(), DECK_LIMITS.beaconEveryMs + DECK_LIMITS.beaconSlackMs);
      if (pages.length === 0) return;
      seq.current += 1;
      sendReadingTime(token, view.view_id, { key: view.key, seq: seq.current, pages }, leaving);
    };
    const every = window.setInterval(() => send(false), DECK_LIMITS.beaconEveryMs);
    const visibility = () => {
      const hidden = document.visibilityState === 'hidden';
      if (hidden) send(true);
      clock.current!.setVisible(!hidden, performance.now());
    };
    const leave = () => send(true);
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('pagehide', leave);
    return () => {
      window.clearInterval(every);
      document.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('pagehide', leave);
      send(true);
    };
  }, [token, view]);

  return useCallback((page: number) => clock.current!.show(page, performance.now()), []);
}

/** The room a page has: the window, less the toolbar and a margin. */
function useStage() {
  const read = () => ({ width: Math.max(200, window.innerWidth - 24), height: Math.max(200, window.innerHeight - 88) });
  const [stage, setStage] = useState(read);
  useEffect(() => {
    const resize = () => setStage(read());
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, []);
  return stage;
}

/** The deck, a page at a time: buttons, arrow keys and swipes turn the pages. */
export function DeckReader({ token, link, view }: { token: string; link: DeckLinkPublic; view: DeckViewStart }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  // Shown once a page is drawn: a canvas sized and centred before then would move as the page lands (a layout shift).
  const [drawn, setDrawn] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const stage = useStage();
  const reading = useReadingTime(token, view);
  const pageCount = doc?.numPages ?? view.page_count;

  useEffect(() => {
    let live = true;
    const loading = loadPdf().then(({ openPdf }) => openPdf(fileUrl(token, view)));
    loading.then(
      (opened) => (live ? setDoc(opened) : void opened.destroy()),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      void loading.then((opened) => opened.destroy()).catch(() => undefined);
    };
  }, [token, view]);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    const target = canvas.current;
    let stopped = false;
    let cancel = () => {};
    void loadPdf()
      .then(({ drawPage }) => {
        if (stopped) return null;
        const drawn = drawPage(doc, page, target, stage.width, stage.height, view.watermark);
        cancel = drawn.cancel;
        return drawn.text;
      })
      .then(
        (pageText) => {
          if (pageText === null || stopped) return;
          setText(pageText);
          setDrawn(true);
          reading(page);
        },
        () => undefined,
      );
    return () => {
      stopped = true;
      cancel();
    };
  }, [doc, page, stage, view.watermark, reading]);

  const turn = useCallback((to: number) => setPage(Math.min(Math.max(to, 1), pageCount)), [pageCount]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('a, button') && (event.key === ' ' || event.key === 'Enter')) return;
      const to = { ArrowRight: page + 1, PageDown: page + 1, ' ': page + 1, ArrowLeft: page - 1, PageUp: page - 1, Home: 1, End: pageCount }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      turn(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [page, pageCount, turn]);

  const onPointerDown = (event: PointerEvent) => {
    swipe.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = swipe.current;
    swipe.current = null;
    if (!from) return;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - from.y)) turn(dx < 0 ? page + 1 : page - 1);
  };

  if (failed) {
    return (
      <main className="deck-message">
        <h1>The deck could not be opened</h1>
        <p>Check your connection and reload the page.</p>
      </main>
    );
  }

  return (
    <div className="deck-reader">
      <header className="deck-bar">
        <h1 className="deck-title">{link.deck_name}</h1>
        <nav className="deck-pages" aria-label="Pages">
          <button type="button" onClick={() => turn(page - 1)} disabled={page <= 1} aria-label="Previous page">
            ‹
          </button>
          <span aria-live="polite">
            {page} / {pageCount}
          </span>
          <button type="button" onClick={() => turn(page + 1)} disabled={page >= pageCount} aria-label="Next page">
            ›
          </button>
        </nav>
        {link.allow_download && (
          <a className="deck-download" href={fileUrl(token, view, true)} download>
            Download
          </a>
        )}
      </header>
      <main className="deck-stage" onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (swipe.current = null)}>
        <canvas ref={canvas} className="deck-page" role="img" aria-label={`Page ${page} of ${pageCount}`} aria-busy={!drawn} hidden={!drawn} />
        <div className="deck-sr-only">{text}</div>
      </main>
    </div>
  );
}
