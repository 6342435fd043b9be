// The profile's "E-mail capture" against the real server: the capture address copied and rotated (mail to the
// old one refused), the addresses mail is logged from (added, verified by the mailed link, removed; the server's
// own rules refused before anything is sent), and the follow-up setting.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CaptureSettings, VerifySenderPage } from '@/features/capture';
import { CAPTURE_API, type CaptureAddress, type CaptureSettings as Settings, type SenderAddress } from '@/shared/capture';
import { call, createAccount, mailedValue, origin, storeSession, uniqueEmail, useServerNetwork, type Account } from '../helpers/real-server';
import { renderWithProviders } from '../helpers/render-with-providers';

// The intake is called as a relay would, outside the app's recorded network.
const relayFetch = globalThis.fetch;

let ada: Account;
const network = useServerNetwork();

beforeEach(async () => {
  ada = await createAccount();
  storeSession(ada.tokens);
});

const get = async <T,>(path: string) => (await call<T>('GET', path.replace('/api/v1', ''), { token: ada.tokens.access_token })).body;
const tokenOf = (address: string) => /^log\+([^@]+)@/.exec(address)?.[1] ?? '';

/** Posts a raw mail from her log-in address to the HTTP intake with a capture token; answers the status. */
async function postMail(token: string): Promise<number> {
  const mail = [`From: Ada <${ada.email}>`, 'To: someone@elsewhere.example', 'Subject: Hello', `Message-ID: <${crypto.randomUUID()}@test>`, '', 'Hi'].join('\r\n');
  const response = await relayFetch(new URL(CAPTURE_API.messages, origin), {
    method: 'POST',
    headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${token}` },
    body: mail,
  });
  await response.text();
  return response.status;
}

describe('the capture address', () => {
  it('shows the address, copies it ("Copied"), and rotates it after a confirm that says the old one is refused', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<CaptureSettings />);
    const before = await get<CaptureAddress>(CAPTURE_API.address);
    expect(before.address).toMatch(/^log\+.+@/);
    const field = await screen.findByLabelText('Your capture address', { selector: 'input' });
    expect(field).toHaveValue(before.address);
    expect(field).toHaveAttribute('readonly');
    expect(screen.getByText(/BCC it on a mail to investors, or forward it a mail you received/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(before.address);

    await user.click(screen.getByRole('button', { name: 'Rotate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate your capture address?' });
    expect(dialog).toHaveTextContent('Mail to the old address will be refused from then on.');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const after = await get<CaptureAddress>(CAPTURE_API.address);
    expect(after.address).not.toBe(before.address);
    await waitFor(() => expect(screen.getByLabelText('Your capture address', { selector: 'input' })).toHaveValue(after.address));
    expect(network.sent.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual([CAPTURE_API.rotate]);

    // The old address's token is refused from now on; the new one is taken.
    expect(await postMail(tokenOf(before.address))).toBe(401);
    expect(await postMail(tokenOf(after.address))).toBeLessThan(300);
  });

  it('cancelling the confirm keeps the address', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<CaptureSettings />);
    const field = await screen.findByLabelText('Your capture address', { selector: 'input' });
    const address = (field as HTMLInputElement).value;
    await user.click(screen.getByRole('button', { name: 'Rotate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await get<CaptureAddress>(CAPTURE_API.address)).address).toBe(address);
    expect(network.sent.some((request) => request.method === 'POST')).toBe(false);
  });
});

describe('the addresses mail is logged from', () => {
  const input = () => screen.getByLabelText(/^Add an address/, { selector: 'input' });

  it('refuses ? & % and spaces as the server does, sending nothing', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<CaptureSettings />);
    const list = await screen.findByRole('list', { name: 'Addresses mail is logged from' });
    expect(within(list).getByText(ada.email)).toBeInTheDocument();
    expect(within(list).getByText('Log-in address')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();

    for (const bad of ['ada?bcc@example.com', 'ada&x@example.com', 'ada%x@example.com', 'ada x@example.com', 'ada@example']) {
      await user.clear(input());
      await user.type(input(), bad);
      await user.click(screen.getByRole('button', { name: 'Add address' }));
      expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    }
    await user.clear(input());
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(network.sent.some((request) => request.url === CAPTURE_API.senders && request.method === 'POST')).toBe(false);
  });

  it("adds an address pending until the mailed link verifies it, shows the server's refusal in place, and removes it", async () => {
    const user = userEvent.setup();
    const work = uniqueEmail('work');
    await renderWithProviders(<CaptureSettings />);
    await screen.findByRole('list', { name: 'Addresses mail is logged from' });

    // Her log-in address is hers already: the server's detail shows under the field.
    await user.type(input(), ada.email);
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByText('This is the address you log in with')).toBeInTheDocument();

    await user.clear(input());
    await user.type(input(), `  ${work.toUpperCase()} `);
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    const list = screen.getByRole('list', { name: 'Addresses mail is logged from' });
    expect(await within(list).findByText(work)).toBeInTheDocument();
    expect(within(list).getByText('Verify by the link we mailed')).toBeInTheDocument();
    await waitFor(() => expect(input()).toHaveValue(''));
    // Trimmed; the server lower-cases it.
    expect(network.sent.filter((request) => request.method === 'POST' && request.url === CAPTURE_API.senders).map((request) => request.body)).toEqual([
      { email: ada.email },
      { email: work.toUpperCase() },
    ]);

    // The link mailed to the address is opened on another device.
    const token = decodeURIComponent(await mailedValue(work, /\/verify-sender\?token=([^\s&]+)/));
    expect((await call('POST', '/capture/senders/verify', { body: { token } })).status).toBe(200);

    // The profile, still open, asks again while an address waits for its link.
    expect(await within(list).findByText('Verified', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(within(list).queryByText('Verify by the link we mailed')).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: `Remove ${work}` }));
    expect(await screen.findByText(`${work} removed: its mail is no longer logged.`)).toBeInTheDocument();
    expect(within(list).queryByText(work)).not.toBeInTheDocument();
    expect((await get<SenderAddress[]>(CAPTURE_API.senders)).map((sender) => sender.email)).toEqual([ada.email]);
  });

  it('verifies an address by its mailed link, for anyone who opens it, once', async () => {
    const work = uniqueEmail('work');
    expect((await call('POST', '/capture/senders', { token: ada.tokens.access_token, body: { email: work } })).status).toBe(201);
    const token = decodeURIComponent(await mailedValue(work, /\/verify-sender\?token=([^\s&]+)/));
    // Logged out: the link works without a session.
    localStorage.clear();
    const page = await renderWithProviders(<VerifySenderPage token={token} />);
    expect(await screen.findByText(`${work} is verified: mail from it is now logged.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', '/profile');
    page.unmount();
    expect((await get<SenderAddress[]>(CAPTURE_API.senders)).find((sender) => sender.email === work)?.verified).toBe(true);

    // Used once: the same link again is refused, in the server's words.
    await renderWithProviders(<VerifySenderPage token={token} />);
    expect(await screen.findByText('The address could not be verified')).toBeInTheDocument();
    const refused = await call<{ detail: string }>('POST', '/capture/senders/verify', { body: { token } });
    expect(refused.status).toBe(400);
    expect(screen.getByText(refused.body.detail)).toBeInTheDocument();
  });

  it('says a link without a token is not one', async () => {
    await renderWithProviders(<VerifySenderPage token={undefined} />);
    expect(screen.getByText('This link has no token: open the link from the mail again.')).toBeInTheDocument();
    expect(network.sent).toHaveLength(0);
  });
});

describe('the follow-up setting', () => {
  it('offers Off and 3 to 14 days, and saves the choice', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<CaptureSettings />);
    const select = await screen.findByRole('combobox', { name: 'After a touch, follow up in' });
    await waitFor(() => expect(select).toHaveTextContent('7 days'));
    await user.click(select);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Off', '3 days', '5 days', '7 days', '10 days', '14 days']);
    await user.click(screen.getByRole('option', { name: '5 days' }));
    expect(await screen.findByText('Follow-up setting saved')).toBeInTheDocument();
    expect((await get<Settings>(CAPTURE_API.settings)).follow_up_days).toBe(5);

    await user.click(screen.getByRole('combobox', { name: 'After a touch, follow up in' }));
    await user.click(await screen.findByRole('option', { name: 'Off' }));
    await waitFor(async () => expect((await get<Settings>(CAPTURE_API.settings)).follow_up_days).toBeNull());
    expect(network.sent.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([
      { follow_up_days: 5 },
      { follow_up_days: null },
    ]);
  });
});
