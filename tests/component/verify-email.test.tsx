// E-mail link verification (SPEC §4, §9): the token is posted once, the tokens are stored at once,
// and 1 s later the user is logged in and the text changes from verifying to verified.
import { StrictMode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { VerifyEmailStatus } from '@/features/auth/components/VerifyEmailStatus';
import { json, routeFetchTo, startStandInServer } from '../helpers/stand-in-server';
import { renderWithProviders } from '../helpers/render-with-providers';

vi.setConfig({ testTimeout: 30_000 });

let server: Awaited<ReturnType<typeof startStandInServer>>;
beforeAll(async () => {
  server = await startStandInServer(() => json(500, {}));
  routeFetchTo(server.origin);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

describe('VerifyEmailStatus', () => {
  it("posts the token once, stores the tokens, and after 1 s shows 'Email verified successfully'", async () => {
    server.requests.length = 0;
    server.answerWith(() => json(200, { access_token: 'a', refresh_token: 'r' }));
    const onTokens = vi.fn();
    const onVerified = vi.fn();
    await renderWithProviders(
      <StrictMode>
        <VerifyEmailStatus token="tok-1" onTokens={onTokens} onVerified={onVerified} />
      </StrictMode>,
    );
    expect(screen.getByText('Verifying Email...')).toBeInTheDocument();
    await vi.waitFor(() => expect(onTokens).toHaveBeenCalledWith({ access_token: 'a', refresh_token: 'r' }));
    const tokensAt = Date.now();
    expect(onVerified).not.toHaveBeenCalled();

    expect(await screen.findByText('Email verified successfully', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(Date.now() - tokensAt).toBeGreaterThanOrEqual(900);
    expect(onVerified).toHaveBeenCalledOnce();
    expect(screen.queryByText('Verifying Email...')).not.toBeInTheDocument();
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ url: '/api/v1/auth/verify-email', body: { verification_id: 'tok-1' } });
  });

  it("shows the server's reason for a used or expired link", async () => {
    server.answerWith(() => json(400, { detail: 'This verification link is invalid or has expired' }));
    const onVerified = vi.fn();
    await renderWithProviders(<VerifyEmailStatus token="used" onTokens={() => {}} onVerified={onVerified} />);
    expect(await screen.findByText('This verification link is invalid or has expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(onVerified).not.toHaveBeenCalled();
  });
});
