// What the routes use of decks: the Decks page, and "Share deck" from an investor's row.
export { DecksPage } from './components/DecksPage';
export { ShareDeckDialog, type ShareDeckRow } from './components/ShareDeckDialog';
