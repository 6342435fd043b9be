// The Capture inbox against the real server: mail of hers that no investor on her lists took part in (posted to
// the real intake, as a relay would) shows with its subject, who, date, snippet and when it leaves; it is assigned
// to an investor on a list she can edit (found by name or e-mail), or its participant made a private contact on
// it, or dismissed. Empty, the page explains the capture address.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CaptureInboxPage } from '@/features/capture';
import { useCaptureLists } from '@/app/routes/_app/-components/capture-lists';
import { NavItem } from '@/app/layout/NavItem';
import { CaptureInboxCount } from '@/app/layout/NavCounts';
import type { Investor, ListItem, ListSummary } from '@/shared/api-types';
import { CAPTURE_API, rowTouchesPath, type CaptureAddress, type InboxMail, type Touch } from '@/shared/capture';
import { call, createAccount, origin, storeSession, useServerNetwork, type Account } from '../helpers/real-server';
import { renderWithProviders } from '../helpers/render-with-providers';

const relayFetch = globalThis.fetch;

let ada: Account;
let list: ListSummary;
let investor: Investor;
const network = useServerNetwork();

const api = <T,>(method: string, path: string, body?: unknown) =>
  call<T>(method, path.replace(/^\/api\/v1/, ''), { token: ada.tokens.access_token, body });

beforeEach(async () => {
  ada = await createAccount();
  storeSession(ada.tokens);
  list = (await api<ListSummary>('POST', '/lists', { name: 'Seed leads', description: '', list_type: 'investor' })).body;
  const page = await api<{ results: Investor[] }>('GET', '/investors/search?page=1&per_page=1');
  investor = page.body.results[0];
  expect((await api('POST', `/lists/${list.id}/investors/batch`, { investor_ids: [investor.id] })).status).toBeLessThan(300);
});

/** Her mail to someone on none of her lists, posted to the intake with her capture token. */
async function mailToStranger(subject: string, to = 'Sam Stranger <sam@stranger.example>') {
  const { address } = (await api<CaptureAddress>('GET', CAPTURE_API.address)).body;
  const token = /^log\+([^@]+)@/.exec(address)?.[1] ?? '';
  const mail = [
    `From: Ada Lovelace <${ada.email}>`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: <${crypto.randomUUID()}@test>`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hi Sam, we are raising a seed round and would love to show you the deck.',
  ].join('\r\n');
  const response = await relayFetch(new URL(CAPTURE_API.messages, origin), {
    method: 'POST',
    headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${token}` },
    body: mail,
  });
  expect(response.status).toBeLessThan(300);
  await waitFor(async () => expect((await api<InboxMail[]>('GET', CAPTURE_API.inbox)).body.map((mail) => mail.subject)).toContain(subject));
}

function Inbox() {
  return <CaptureInboxPage lists={useCaptureLists()} />;
}

const investorName = () => `${investor.first_name} ${investor.last_name}`;

describe('the Capture inbox', () => {
  it('explains the capture address when nothing waits', async () => {
    await renderWithProviders(<Inbox />);
    expect(await screen.findByText('Nothing waiting')).toBeInTheDocument();
    const { address } = (await api<CaptureAddress>('GET', CAPTURE_API.address)).body;
    expect(await screen.findByDisplayValue(address)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('shows a mail with who, when, its snippet and days left, and assigns it to an investor found by name', async () => {
    await mailToStranger('Our seed round');
    const user = userEvent.setup();
    await renderWithProviders(<Inbox />);
    const card = (await screen.findByRole('heading', { name: 'Our seed round' })).closest('li') as HTMLElement;
    expect(card).toHaveTextContent('To Sam Stranger <sam@stranger.example>');
    expect(card).toHaveTextContent('we are raising a seed round');
    expect(card).toHaveTextContent('Expires in 7 days');
    expect(card).toHaveTextContent(String(new Date().getFullYear()));

    await user.click(within(card).getByRole('button', { name: 'Assign “Our seed round”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign the mail' });
    // One list she can edit: it is picked already.
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^List/ })).toHaveTextContent('Seed leads'));
    // Nothing picked: said, and nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Pick an investor on the list')).toBeInTheDocument();

    const search = within(dialog).getByRole('combobox', { name: /^Investor/ });
    await user.type(search, investor.last_name.slice(0, 4));
    await user.click(await screen.findByRole('option', { name: new RegExp(investorName()) }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText(`Logged on ${investorName()} in Seed leads`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Our seed round' })).not.toBeInTheDocument());
    expect(network.sent.find((request) => request.url.endsWith('/assign'))?.body).toEqual({ list_id: list.id, investor_id: investor.id });

    const touches = (await api<Touch[]>('GET', rowTouchesPath(list.id, 'investor', investor.id))).body;
    expect(touches.map((touch) => [touch.kind, touch.subject])).toEqual([['email_sent', 'Our seed round']]);
    expect((await api<InboxMail[]>('GET', CAPTURE_API.inbox)).body).toEqual([]);
  });

  it("makes a participant a private contact on the list, with the participant's address and name prefilled", async () => {
    await mailToStranger('Intro call');
    const user = userEvent.setup();
    await renderWithProviders(<Inbox />);
    const card = (await screen.findByRole('heading', { name: 'Intro call' })).closest('li') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Assign “Intro call”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign the mail' });
    await user.click(within(dialog).getByRole('radio', { name: 'Make sam@stranger.example a private contact' }));
    expect(within(dialog).getByRole('textbox', { name: /^Email/ })).toHaveValue('sam@stranger.example');
    expect(within(dialog).getByRole('textbox', { name: 'First Name' })).toHaveValue('Sam');
    expect(within(dialog).getByRole('textbox', { name: 'Last Name' })).toHaveValue('Stranger');

    // An address the server would refuse is said in place.
    await user.clear(within(dialog).getByRole('textbox', { name: /^Email/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'sam?cc@stranger.example');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Invalid email')).toBeInTheDocument();
    expect(network.sent.some((request) => request.url.endsWith('/assign'))).toBe(false);

    await user.clear(within(dialog).getByRole('textbox', { name: /^Email/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'sam@stranger.example');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Logged on sam@stranger.example in Seed leads')).toBeInTheDocument();

    const items = (await api<ListItem[]>('GET', `/lists/${list.id}/items`)).body as Array<ListItem & Investor>;
    const contact = items.find((item) => item.email === 'sam@stranger.example');
    expect(contact).toMatchObject({ first_name: 'Sam', last_name: 'Stranger' });
    const touches = (await api<Touch[]>('GET', rowTouchesPath(list.id, 'investor', contact?.id ?? 0))).body;
    expect(touches.map((touch) => touch.subject)).toEqual(['Intro call']);
  });

  it('dismisses a mail: it leaves the inbox, logged nowhere', async () => {
    await mailToStranger('Newsletter');
    const user = userEvent.setup();
    await renderWithProviders(<Inbox />);
    const card = (await screen.findByRole('heading', { name: 'Newsletter' })).closest('li') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Dismiss “Newsletter”' }));
    expect(await screen.findByText('“Newsletter” dismissed')).toBeInTheDocument();
    expect(await screen.findByText('Nothing waiting')).toBeInTheDocument();
    expect((await api<InboxMail[]>('GET', CAPTURE_API.inbox)).body).toEqual([]);
    expect((await api<Touch[]>('GET', rowTouchesPath(list.id, 'investor', investor.id))).body).toEqual([]);
  });
});

describe('the sidebar’s Capture inbox count', () => {
  it('counts a mail that lands while the page is open once the founder comes back to it, without a reload', async () => {
    await mailToStranger('Our seed round');
    await renderWithProviders(<NavItem to="/capture-inbox" label="Capture inbox" icon={null} badge={<CaptureInboxCount />} />);
    const link = await screen.findByRole('link', { name: /Capture inbox/ });
    await waitFor(() => expect(link).toHaveTextContent('1 waiting'));

    await mailToStranger('Following up');
    // She comes back from her mail: the tab is shown again.
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(link).toHaveTextContent('2 waiting'));
  });
});
