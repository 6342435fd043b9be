// The auth forms' rules and messages (validated on every change), and what they do with the real
// server's answers: a 302 from log-in or sign-up is success, any other answer's detail shows above the form.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginForm } from '@/features/auth/components/LoginForm';
import { RegisterForm } from '@/features/auth/components/RegisterForm';
import { ForgotPasswordForm } from '@/features/auth/components/ForgotPasswordForm';
import { ResetPasswordForm } from '@/features/auth/components/ResetPasswordForm';
import { registerSchema } from '@/features/auth/forms/schemas';
import { call, useServerNetwork, createAccount, resetLinkToken, uniqueEmail, verifyLinkToken } from '../helpers/real-server';
import { renderWithProviders } from '../helpers/render-with-providers';


const network = useServerNetwork();

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

/** The error text tied to a field through aria-describedby. */
function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

describe('Log In', () => {
  it('validates the e-mail and password while typing', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<LoginForm onCodeSent={() => {}} />);
    const email = field(/^Email/);

    await user.type(email, 'not-an-email');
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(describedText(email)).toBe('Invalid email');

    await user.clear(email);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();

    await user.type(email, 'ada@example.test');
    await waitFor(() => expect(screen.queryByText('Email is required')).not.toBeInTheDocument());
    expect(email).toHaveAttribute('aria-invalid', 'false');

    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(network.sent).toHaveLength(0);
  });

  it('on a 302 toasts that the code was sent and hands over the user id and e-mail', async () => {
    const account = await createAccount();
    const onCodeSent = vi.fn();
    const user = userEvent.setup();
    await renderWithProviders(<LoginForm onCodeSent={onCodeSent} />);
    await user.type(field(/^Email/), `  ${account.email} `);
    await user.type(field(/^Password/), account.password);
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByText('OTP code sent successfully')).toBeInTheDocument();
    expect(onCodeSent).toHaveBeenCalledWith(expect.objectContaining({ user_id: account.id, email: account.email }));
    expect(network.sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/auth/login',
      body: { email: account.email, password: account.password },
    });
  });

  it("shows the server's detail above the form for any other answer", async () => {
    const account = await createAccount();
    const refused = await call<{ detail: string }>('POST', '/auth/login', { body: { email: account.email, password: 'wrong' } });
    expect(refused.status).toBe(401);
    const onCodeSent = vi.fn();
    const user = userEvent.setup();
    await renderWithProviders(<LoginForm onCodeSent={onCodeSent} />);
    await user.type(field(/^Email/), account.email);
    await user.type(field(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(refused.body.detail);
    const form = screen.getByRole('form', { name: 'Log in' });
    expect(alert.compareDocumentPosition(field(/^Email/)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(form).toContainElement(alert);
    expect(onCodeSent).not.toHaveBeenCalled();
  });

  it('links to Forgot Password and Sign Up', async () => {
    await renderWithProviders(<LoginForm onCodeSent={() => {}} />);
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
  });
});

describe('Sign Up', () => {
  it('validates every field with its own message', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<RegisterForm />);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('First Name is required')).toBeInTheDocument();
    expect(screen.getByText('Last Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    const password = field(/^Password/);
    await user.type(password, 'Ab!');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.type(password, 'cdefgh');
    await waitFor(() => expect(screen.queryByText('Password must be at least 8 characters')).not.toBeInTheDocument());
    await user.clear(password);
    await user.type(password, 'abcdefgh1');
    expect(await screen.findByText('Password must contain at least one special character')).toBeInTheDocument();
    await user.type(password, '|');
    await waitFor(() => expect(describedText(password)).not.toContain('must contain'));
    await user.type(field(/^Email/), 'nope');
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(network.sent).toHaveLength(0);
  });

  it('accepts each special character of the password rule and nothing else as one', async () => {
    const valid = { first_name: 'A', last_name: 'B', email: 'a@b.test' };
    for (const special of '!@#$%^&*(),.?":{}|<>') {
      await expect(registerSchema.validate({ ...valid, password: `abcdefgh${special}` })).resolves.toBeTruthy();
    }
    for (const plain of ['abcdefgh1', 'abcdefgh_', 'abcdefgh-', 'abcdefgh+', 'abcdefgh ']) {
      await expect(registerSchema.validate({ ...valid, password: plain })).rejects.toThrow(
        'Password must contain at least one special character',
      );
    }
  });

  it('replaces the form with the confirmation on a 302', async () => {
    const email = uniqueEmail('grace');
    const user = userEvent.setup();
    await renderWithProviders(<RegisterForm />);
    await user.type(field(/^First Name/), 'Grace');
    await user.type(field(/^Last Name/), 'Hopper');
    await user.type(field(/^Email/), email);
    await user.type(field(/^Password/), 'Secret!234');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(
      await screen.findByText(
        "Registration successful! We've sent a verification link to your email. Please check your inbox and follow the link to verify your account.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(network.sent[0].body).toEqual({ first_name: 'Grace', last_name: 'Hopper', email, password: 'Secret!234' });
    // The account exists: its verification link was mailed.
    expect(await verifyLinkToken(email)).toBeTruthy();
  });

  it("shows the server's detail above the form when sign-up fails", async () => {
    // A name longer than the server keeps passes the form's rules; the server refuses it.
    const longName = 'G'.repeat(101);
    const email = uniqueEmail('grace');
    const refused = await call<{ detail: string }>('POST', '/auth/register', {
      body: { first_name: longName, last_name: 'Hopper', email, password: 'Secret!234' },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const user = userEvent.setup();
    await renderWithProviders(<RegisterForm />);
    await user.click(field(/^First Name/));
    await user.paste(longName);
    await user.type(field(/^Last Name/), 'Hopper');
    await user.type(field(/^Email/), email);
    await user.type(field(/^Password/), 'Secret!234');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refused.body.detail);
  });
});

describe('Forgot Password', () => {
  it('validates the e-mail, then replaces the form with the confirmation and the link is mailed', async () => {
    const account = await createAccount();
    const user = userEvent.setup();
    await renderWithProviders(<ForgotPasswordForm />);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(field(/^Email/), 'x');
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    await user.clear(field(/^Email/));
    await user.type(field(/^Email/), account.email);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText(
        "We've sent you a password reset link! Please check your email and follow the instructions to reset your password.",
      ),
    ).toBeInTheDocument();
    expect(network.sent[0]).toMatchObject({ url: '/api/v1/auth/forgot-password', body: { email: account.email } });
    expect(await resetLinkToken(account.email)).toBeTruthy();
  });
});

describe('Reset Password', () => {
  /** A reset link's token as the server mails it, for an account that asked for one. */
  async function mailedResetToken() {
    const account = await createAccount();
    expect((await call('POST', '/auth/forgot-password', { body: { email: account.email } })).status).toBe(200);
    return { email: account.email, value: await resetLinkToken(account.email) };
  }

  it('needs a valid password and a matching confirmation', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<ResetPasswordForm token="unused" onReset={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm Password is required')).toBeInTheDocument();

    await user.type(field(/^New Password/), 'short!');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.type(field(/^New Password/), 'longer');
    await user.type(field(/^Confirm Password/), 'different!');
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    expect(network.sent).toHaveLength(0);
  });

  it("posts the token and passwords, toasts 'Password has been updated' and hands over", async () => {
    const token = await mailedResetToken();
    const onReset = vi.fn();
    const user = userEvent.setup();
    await renderWithProviders(<ResetPasswordForm token={token.value} onReset={onReset} />);
    await user.type(field(/^New Password/), 'Brand&new-pass9');
    await user.type(field(/^Confirm Password/), 'Brand&new-pass9');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password has been updated')).toBeInTheDocument();
    expect(onReset).toHaveBeenCalledOnce();
    expect(network.sent[0].body).toEqual({ token: token.value, new_password: 'Brand&new-pass9', confirm_password: 'Brand&new-pass9' });
    // The new password is the one that logs in now.
    expect((await call('POST', '/auth/login', { body: { email: token.email, password: 'Brand&new-pass9' } })).status).toBe(302);
  });

  it("shows the server's detail for a used link", async () => {
    const token = await mailedResetToken();
    const used = await call<{ detail: string }>('POST', '/auth/reset-password', {
      body: { token: token.value, new_password: 'First&reset-9', confirm_password: 'First&reset-9' },
    });
    expect(used.status).toBe(200);
    const refused = await call<{ detail: string }>('POST', '/auth/reset-password', {
      body: { token: token.value, new_password: 'Brand&new-pass9', confirm_password: 'Brand&new-pass9' },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const onReset = vi.fn();
    const user = userEvent.setup();
    await renderWithProviders(<ResetPasswordForm token={token.value} onReset={onReset} />);
    await user.type(field(/^New Password/), 'Brand&new-pass9');
    await user.type(field(/^Confirm Password/), 'Brand&new-pass9');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refused.body.detail);
    expect(onReset).not.toHaveBeenCalled();
  });
});
