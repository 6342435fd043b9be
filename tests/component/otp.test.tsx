// The 6-box code input (single characters, paste, Backspace) and the Verify form against the real
// server: fewer than 6 characters toast 'Please fill the OTP code'; the mailed code brings the tokens.
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OtpInput } from '@/features/auth/components/OtpInput';
import { VerifyCodeForm } from '@/features/auth/components/VerifyCodeForm';
import { call, useServerNetwork, createAccount, mailedValue, type Account } from '../helpers/real-server';
import { renderWithProviders } from '../helpers/render-with-providers';

function ControlledOtp({ onValue }: { onValue?: (value: string[]) => void }) {
  const [value, setValue] = useState(['', '', '', '', '', '']);
  return (
    <OtpInput
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Character ${n} of 6` });
const values = () => [1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value);

describe('OtpInput', () => {
  it('takes one character per box and moves on as the user types', async () => {
    const user = userEvent.setup();
    render(<ControlledOtp />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    await user.click(box(1));
    await user.keyboard('4');
    expect(box(2)).toHaveFocus();
    await user.keyboard('82');
    expect(values()).toEqual(['4', '8', '2', '', '', '']);
    expect(box(4)).toHaveFocus();
  });

  it('replaces the character of a filled box instead of growing it', async () => {
    const user = userEvent.setup();
    render(<ControlledOtp />);
    await user.click(box(1));
    await user.keyboard('123');
    await user.click(box(2));
    await user.keyboard('9');
    expect(values()).toEqual(['1', '9', '3', '', '', '']);
    expect(box(3)).toHaveFocus();
  });

  it('fills every box from a pasted code, wherever it is pasted', async () => {
    const user = userEvent.setup();
    render(<ControlledOtp />);
    await user.click(box(4));
    await user.paste(' 987 654 ');
    expect(values()).toEqual(['9', '8', '7', '6', '5', '4']);
    expect(box(6)).toHaveFocus();
  });

  it('fills from the focused box when only part of a code is pasted', async () => {
    const user = userEvent.setup();
    render(<ControlledOtp />);
    await user.click(box(3));
    await user.paste('12');
    expect(values()).toEqual(['', '', '1', '2', '', '']);
  });

  it('moves back with Backspace, clearing the box before an empty one', async () => {
    const user = userEvent.setup();
    render(<ControlledOtp />);
    await user.click(box(1));
    await user.keyboard('123');
    expect(box(4)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['1', '2', '', '', '', '']);
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['1', '', '', '', '', '']);
    expect(box(2)).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(box(1)).toHaveFocus();
  });
});

describe('VerifyCodeForm', () => {
  const network = useServerNetwork();

  /** Logs in with the password: the server mails a code. Answers the account and that code. */
  async function codeSent(): Promise<{ account: Account; code: string }> {
    const account = await createAccount();
    const login = await call('POST', '/auth/login', { body: { email: account.email, password: account.password } });
    expect(login.status).toBe(302);
    network.reset();
    return { account, code: await mailedValue(account.email, /login code is (\d{6})\b/) };
  }

  it("toasts 'Please fill the OTP code' for fewer than 6 characters and sends nothing", async () => {
    network.reset();
    const user = userEvent.setup();
    await renderWithProviders(<VerifyCodeForm userId={3} email="ada@example.test" onVerified={() => {}} />);
    expect(screen.getByText('ada@example.test')).toBeInTheDocument();
    expect(screen.getByText(/Didn.t receive the email\?/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Click to resend' })).toBeInTheDocument();
    await user.click(box(1));
    await user.keyboard('12345');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please fill the OTP code')).toBeInTheDocument();
    expect(network.sent).toHaveLength(0);
  });

  it('sends the user id and the mailed code, and hands over working tokens', async () => {
    const { account, code } = await codeSent();
    const onVerified = vi.fn();
    const user = userEvent.setup();
    await renderWithProviders(<VerifyCodeForm userId={account.id} email={account.email} onVerified={onVerified} />);
    await user.click(box(1));
    await user.paste(code);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledOnce());
    expect(network.sent[0]).toMatchObject({ url: '/api/v1/auth/verify-otp', body: { user_id: account.id, code } });
    const { access_token } = onVerified.mock.calls[0][0] as { access_token: string };
    expect((await call<{ email: string }>('GET', '/auth/me', { token: access_token })).body.email).toBe(account.email);
  });

  it("shows the server's detail for a wrong code and empties the boxes for the next try", async () => {
    const { account, code } = await codeSent();
    const wrong = code === '000000' ? '111111' : '000000';
    const onVerified = vi.fn();
    const user = userEvent.setup();
    await renderWithProviders(<VerifyCodeForm userId={account.id} email={account.email} onVerified={onVerified} />);
    await user.click(box(1));
    await user.paste(wrong);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    expect(network.sent[0]).toMatchObject({ url: '/api/v1/auth/verify-otp', body: { user_id: account.id, code: wrong } });
    // The detail the server gives for a wrong code, as a second wrong try shows it.
    const second = await call<{ detail: string }>('POST', '/auth/verify-otp', { body: { user_id: account.id, code: wrong } });
    expect(second.status).toBeGreaterThanOrEqual(400);
    expect(alert.textContent?.replace(/\d+/g, 'N')).toContain(second.body.detail.replace(/\d+/g, 'N'));
    await waitFor(() => expect(values()).toEqual(['', '', '', '', '', '']));
    expect(box(1)).toHaveFocus();
    expect(box(1).getAttribute('aria-describedby')).toBeTruthy();
    expect(onVerified).not.toHaveBeenCalled();
  });
});
