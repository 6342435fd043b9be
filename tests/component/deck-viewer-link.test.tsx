// The deck viewer's page for a link that is no link, against the real server: a path that cannot be a token (too
// long, odd characters, a percent-encoding that does not decode) is said to be not valid without a request, and a
// token no one issued is asked once and said the same; never the "could not be opened" of a failed connection.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { DeckViewerPage } from '@/viewer/DeckViewerPage';
import { useServerNetwork } from '../helpers/real-server';

const network = useServerNetwork();

describe('DeckViewerPage for a link no one made', () => {
  it.each([
    ['too long', 'x'.repeat(201)],
    ['with characters no token has', "a'b<c>"],
    ['empty: a path that did not decode', ''],
  ])('says a token %s is not valid, asking nothing', async (_what, token) => {
    network.reset();
    render(<DeckViewerPage token={token} />);
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
    expect(network.sent).toEqual([]);
  });

  it('says an unknown token is not valid, having asked the server once', async () => {
    network.reset();
    render(<DeckViewerPage token="AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" />);
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
    expect(network.urls()).toEqual(['/api/v1/d/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']);
  });
});
