// E-mail link verification against the real server: the mailed token is posted once, the tokens are
// stored at once, and 1 s later the user is logged in and the text changes from verifying to verified.
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { VerifyEmailStatus } from '@/features/auth/components/VerifyEmailStatus';
import { call, useServerNetwork, signUp, type Tokens } from '../helpers/real-server';
import { renderWithProviders } from '../helpers/render-with-providers';

const network = useServerNetwork();

describe('VerifyEmailStatus', () => {
  it("posts the token once, stores the tokens, and after 1 s shows 'Email verified successfully'", async () => {
    const { email, verificationToken } = await signUp();
    network.reset();
    const onTokens = vi.fn();
    const onVerified = vi.fn();
    await renderWithProviders(
      <StrictMode>
        <VerifyEmailStatus token={verificationToken} onTokens={onTokens} onVerified={onVerified} />
      </StrictMode>,
    );
    expect(screen.getByText('Verifying Email...')).toBeInTheDocument();
    await vi.waitFor(() => expect(onTokens).toHaveBeenCalledOnce(), { timeout: 5000 });
    const tokensAt = Date.now();
    const { access_token } = onTokens.mock.calls[0][0] as Tokens;
    expect((await call<{ email: string }>('GET', '/auth/me', { token: access_token })).body.email).toBe(email);
    expect(onVerified).not.toHaveBeenCalled();

    expect(await screen.findByText('Email verified successfully', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(Date.now() - tokensAt).toBeGreaterThanOrEqual(900);
    expect(onVerified).toHaveBeenCalledOnce();
    expect(screen.queryByText('Verifying Email...')).not.toBeInTheDocument();
    expect(network.sent).toHaveLength(1);
    expect(network.sent[0]).toMatchObject({ url: '/api/v1/auth/verify-email', body: { verification_id: verificationToken } });
  });

  it("shows the server's reason for a used or expired link", async () => {
    const { verificationToken } = await signUp();
    expect((await call('POST', '/auth/verify-email', { body: { verification_id: verificationToken } })).status).toBe(200);
    const refused = await call<{ detail: string }>('POST', '/auth/verify-email', { body: { verification_id: verificationToken } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const onVerified = vi.fn();
    await renderWithProviders(<VerifyEmailStatus token={verificationToken} onTokens={() => {}} onVerified={onVerified} />);
    expect(await screen.findByText(refused.body.detail)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(onVerified).not.toHaveBeenCalled();
  });
});
