import { useId, useState, type FormEvent } from 'react';
import type { DeckLinkPublic } from '@/shared/decks';
import { LinkError } from './viewer-api';

/** Loose on purpose: the server checks the address; this only catches a slip before a round trip. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Asks the reader's e-mail before the deck is shown, as the link's sender asked. */
export function EmailGate({ link, onView }: { link: DeckLinkPublic; onView: (email: string) => Promise<void> }) {
  const [email, setEmail] = useState(link.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!LOOKS_LIKE_EMAIL.test(address)) {
      setError('Enter a valid e-mail address.');
      return;
    }
    setError(null);
    setSending(true);
    try {
      await onView(address);
    } catch (failure) {
      setError(failure instanceof LinkError && failure.detail ? failure.detail : 'The deck could not be opened. Try again.');
      setSending(false);
    }
  }

  return (
    <main className="deck-message">
      <form className="deck-gate" onSubmit={submit} noValidate>
        <h1>{link.deck_name}</h1>
        <p>
          Enter your e-mail to view this deck ({link.page_count} {link.page_count === 1 ? 'page' : 'pages'}).
        </p>
        <label htmlFor={inputId}>E-mail</label>
        <input
          id={inputId}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          maxLength={254}
          required
          autoFocus
        />
        {error && (
          <p id={errorId} className="deck-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={sending}>
          View deck
        </button>
      </form>
    </main>
  );
}
