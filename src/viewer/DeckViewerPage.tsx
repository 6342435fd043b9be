import { useEffect, useState } from 'react';
import { isLinkToken, type DeckLinkPublic, type DeckViewStart } from '@/shared/decks';
import { DeckReader } from './DeckReader';
import { EmailGate } from './EmailGate';
import { LinkError, readLink, startView, type LinkProblem } from './viewer-api';

type Step =
  | { step: 'loading' }
  | { step: 'problem'; problem: LinkProblem; detail: string | null }
  | { step: 'gate'; link: DeckLinkPublic }
  | { step: 'reading'; link: DeckLinkPublic; view: DeckViewStart };

const PROBLEMS: Record<LinkProblem, { title: string; text: string }> = {
  gone: { title: 'This link is not valid', text: 'It may have been revoked. Ask the person who sent it for a new one.' },
  expired: { title: 'This link has expired', text: 'Ask the person who sent it for a new one.' },
  failed: { title: 'The deck could not be opened', text: 'Check your connection and reload the page.' },
};

const problemOf = (error: unknown): Step =>
  error instanceof LinkError ? { step: 'problem', problem: error.problem, detail: error.detail } : { step: 'problem', problem: 'failed', detail: null };

/** A link's page: what the link says, its e-mail gate when it asks for one, then the deck. */
export function DeckViewerPage({ token }: { token: string }) {
  const [state, setState] = useState<Step>({ step: 'loading' });

  useEffect(() => {
    let live = true;
    (async () => {
      if (!isLinkToken(token)) throw new LinkError('gone', null);
      const link = await readLink(token);
      document.title = link.deck_name;
      if (link.require_email) return { step: 'gate', link } as const;
      return { step: 'reading', link, view: await startView(token, null) } as const;
    })().then(
      (next) => live && setState(next),
      (error: unknown) => live && setState(problemOf(error)),
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (state.step === 'loading') return <main className="deck-message" aria-busy="true" />;
  if (state.step === 'problem') {
    const { title, text } = PROBLEMS[state.problem];
    return (
      <main className="deck-message">
        <h1>{title}</h1>
        <p>{state.problem === 'failed' && state.detail ? state.detail : text}</p>
      </main>
    );
  }
  if (state.step === 'gate') {
    return (
      <EmailGate
        link={state.link}
        onView={async (email) => {
          try {
            setState({ step: 'reading', link: state.link, view: await startView(token, email) });
          } catch (error) {
            if (error instanceof LinkError && error.problem === 'failed') throw error;
            setState(problemOf(error));
          }
        }}
      />
    );
  }
  return <DeckReader token={token} link={state.link} view={state.view} />;
}
