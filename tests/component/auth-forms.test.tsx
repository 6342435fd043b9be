// The auth forms' rules and messages of SPEC §5 (validated on every change), and what they do with
// the server's answers (SPEC §4, §8), against a loopback HTTP server standing in for the network.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginForm } from '@/features/auth/components/LoginForm';
import { RegisterForm } from '@/features/auth/components/RegisterForm';
import { ForgotPasswordForm } from '@/features/auth/components/ForgotPasswordForm';
import { ResetPasswordForm } from '@/features/auth/components/ResetPasswordForm';
import { registerSchema } from '@/features/auth/forms/schemas';
import { json, routeFetchTo, startStandInServer } from '../helpers/stand-in-server';
import { renderWithProviders } from '../helpers/render-with-providers';

// Typing character by character is slow in jsdom; a loaded machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

type StandIn = Awaited<ReturnType<typeof startStandInServer>>;
let server: StandIn;

beforeAll(async () => {
  server = await startStandInServer(() => json(500, { detail: 'not set up' }));
  routeFetchTo(server.origin);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});
afterEach(() => {
  server.requests.length = 0;
});

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
    expect(server.requests).toHaveLength(0);
  });

  it('on a 302 toasts that the code was sent and hands over the user id and e-mail', async () => {
    server.answerWith(() => json(302, { user_id: 42, email: 'ada@example.test', detail: 'OTP code sent' }));
    const onCodeSent = vi.fn();
    const user = userEvent.setup();
    await renderWithProviders(<LoginForm onCodeSent={onCodeSent} />);
    await user.type(field(/^Email/), '  ada@example.test ');
    await user.type(field(/^Password/), 'Secret!234');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByText('OTP code sent successfully')).toBeInTheDocument();
    expect(onCodeSent).toHaveBeenCalledWith({ user_id: 42, email: 'ada@example.test', detail: 'OTP code sent' });
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/auth/login',
      body: { email: 'ada@example.test', password: 'Secret!234' },
    });
  });

  it("shows the server's detail above the form for any other answer", async () => {
    server.answerWith(() => json(401, { detail: 'Invalid email or password' }));
    const onCodeSent = vi.fn();
    const user = userEvent.setup();
    await renderWithProviders(<LoginForm onCodeSent={onCodeSent} />);
    await user.type(field(/^Email/), 'ada@example.test');
    await user.type(field(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password');
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
  it('validates every field with the messages of SPEC §5', async () => {
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
    expect(server.requests).toHaveLength(0);
  });

  it('accepts each special character of SPEC §5 and nothing else as one', async () => {
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
    server.answerWith(() => json(302, { detail: 'Registration successful' }));
    const user = userEvent.setup();
    await renderWithProviders(<RegisterForm />);
    await user.type(field(/^First Name/), 'Grace');
    await user.type(field(/^Last Name/), 'Hopper');
    await user.type(field(/^Email/), 'grace@example.test');
    await user.type(field(/^Password/), 'Secret!234');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(
      await screen.findByText(
        "Registration successful! We've sent a verification link to your email. Please check your inbox and follow the link to verify your account.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(server.requests[0].body).toEqual({ first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.test', password: 'Secret!234' });
  });

  it("shows the server's detail above the form when sign-up fails", async () => {
    server.answerWith(() => json(429, { detail: 'Too many sign-ups from here. Try again in 12 minutes.' }));
    const user = userEvent.setup();
    await renderWithProviders(<RegisterForm />);
    await user.type(field(/^First Name/), 'Grace');
    await user.type(field(/^Last Name/), 'Hopper');
    await user.type(field(/^Email/), 'grace@example.test');
    await user.type(field(/^Password/), 'Secret!234');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-ups from here. Try again in 12 minutes.');
  });
});

describe('Forgot Password', () => {
  it('validates the e-mail, then replaces the form with the confirmation', async () => {
    server.answerWith(() => json(200, { detail: 'If the address has an account, a link is on its way.' }));
    const user = userEvent.setup();
    await renderWithProviders(<ForgotPasswordForm />);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(field(/^Email/), 'x');
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    await user.clear(field(/^Email/));
    await user.type(field(/^Email/), 'ada@example.test');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText(
        "We've sent you a password reset link! Please check your email and follow the instructions to reset your password.",
      ),
    ).toBeInTheDocument();
    expect(server.requests[0]).toMatchObject({ url: '/api/v1/auth/forgot-password', body: { email: 'ada@example.test' } });
  });
});

describe('Reset Password', () => {
  it('needs a valid password and a matching confirmation', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<ResetPasswordForm token="tok" onReset={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm Password is required')).toBeInTheDocument();

    await user.type(field(/^New Password/), 'short!');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.type(field(/^New Password/), 'longer');
    await user.type(field(/^Confirm Password/), 'different!');
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it("posts the token and passwords, toasts 'Password has been updated' and hands over", async () => {
    server.answerWith(() => json(200, { detail: 'Password updated' }));
    const onReset = vi.fn();
    const user = userEvent.setup();
    await renderWithProviders(<ResetPasswordForm token="tok-123" onReset={onReset} />);
    await user.type(field(/^New Password/), 'Brand&new-pass9');
    await user.type(field(/^Confirm Password/), 'Brand&new-pass9');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password has been updated')).toBeInTheDocument();
    expect(onReset).toHaveBeenCalledOnce();
    expect(server.requests[0].body).toEqual({ token: 'tok-123', new_password: 'Brand&new-pass9', confirm_password: 'Brand&new-pass9' });
  });

  it("shows the server's detail for a used link", async () => {
    server.answerWith(() => json(400, { detail: 'This reset link is invalid or has expired' }));
    const onReset = vi.fn();
    const user = userEvent.setup();
    await renderWithProviders(<ResetPasswordForm token="used" onReset={onReset} />);
    await user.type(field(/^New Password/), 'Brand&new-pass9');
    await user.type(field(/^Confirm Password/), 'Brand&new-pass9');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired');
    expect(onReset).not.toHaveBeenCalled();
  });
});
