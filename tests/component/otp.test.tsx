// The 6-box code input (SPEC §2) and the Verify form (SPEC §4, §5).
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OtpInput } from '@/features/auth/components/OtpInput';
import { VerifyCodeForm } from '@/features/auth/components/VerifyCodeForm';
import { json, routeFetchTo, startStandInServer } from '../helpers/stand-in-server';
import { renderWithProviders } from '../helpers/render-with-providers';

vi.setConfig({ testTimeout: 30_000 });

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
  let server: Awaited<ReturnType<typeof startStandInServer>>;
  beforeAll(async () => {
    server = await startStandInServer(() => json(500, {}));
    routeFetchTo(server.origin);
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await server.close();
  });

  it("toasts 'Please fill the OTP code' for fewer than 6 characters and sends nothing", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<VerifyCodeForm userId={3} email="ada@example.test" onVerified={() => {}} />);
    expect(screen.getByText('ada@example.test')).toBeInTheDocument();
    expect(screen.getByText(/Didn.t receive the email\?/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Click to resend' })).toBeInTheDocument();
    await user.click(box(1));
    await user.keyboard('12345');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please fill the OTP code')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('sends the user id and code, and hands over the tokens', async () => {
    server.requests.length = 0;
    server.answerWith(() => json(200, { access_token: 'a', refresh_token: 'r', token_type: 'bearer' }));
    const onVerified = vi.fn();
    const user = userEvent.setup();
    await renderWithProviders(<VerifyCodeForm userId={3} email="ada@example.test" onVerified={onVerified} />);
    await user.click(box(1));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith({ access_token: 'a', refresh_token: 'r', token_type: 'bearer' }));
    expect(server.requests[0]).toMatchObject({ url: '/api/v1/auth/verify-otp', body: { user_id: 3, code: '123456' } });
  });

  it("shows the server's detail for a wrong code and empties the boxes for the next try", async () => {
    server.answerWith(() => json(400, { detail: 'The code is wrong. 4 tries left.' }));
    const onVerified = vi.fn();
    const user = userEvent.setup();
    await renderWithProviders(<VerifyCodeForm userId={3} email="ada@example.test" onVerified={onVerified} />);
    await user.click(box(1));
    await user.paste('000000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is wrong. 4 tries left.');
    await waitFor(() => expect(values()).toEqual(['', '', '', '', '', '']));
    expect(box(1)).toHaveFocus();
    expect(box(1).getAttribute('aria-describedby')).toBeTruthy();
    expect(onVerified).not.toHaveBeenCalled();
  });
});
