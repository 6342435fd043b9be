// The deck viewer (/d/TOKEN): a public page outside the app's shell, with no log-in and no app data.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { linkTokenInPath } from '@/shared/decks';
import { DeckViewerPage } from './DeckViewerPage';
import { loadPdf } from './load-pdf';
import './viewer.css';

void loadPdf();

// A mangled link's path may not decode: it is no link (DeckViewerPage asks nothing for it).
const token = linkTokenInPath(location.pathname) ?? '';
createRoot(document.getElementById('deck')!).render(
  <StrictMode>
    <DeckViewerPage token={token} />
  </StrictMode>,
);
