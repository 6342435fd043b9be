// Sharing a list, against the real server: the owner's Share dialog (inviting, the server's refusal in
// place, pending invitations, a member's role and removal), the invitation page (its preview logged
// out, a mismatched account told so, accepting as the invited address), the sidebar's Shared with me,
// a viewer's list actions and board, which change nothing, and an editor's pipeline panel (each note's
// author, deleting only their own, who changed the row last, its activity) and leaving the list.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { rememberReturnAfterSignUp, takeReturnAfterSignUp } from '@/app/redirect-target';
import { listKeys } from '@/features/lists/api/list-keys';
import { ListActions } from '@/features/lists/components/ListActions';
import { SidebarLists, SidebarSharedLists } from '@/features/lists/components/SidebarLists';
import { PipelineBoard } from '@/features/pipeline/components/PipelineBoard';
import { PipelinePanel } from '@/features/pipeline/components/PipelinePanel';
import { InvitationPage } from '@/features/teams/components/InvitationPage';
import { LeaveListButton } from '@/features/teams/components/LeaveListButton';
import { RowActivity } from '@/features/teams/components/RowActivity';
import { ShareButton } from '@/features/teams/components/ShareButton';
import type { ListItem, ListSummary } from '@/shared/api-types';
import { newPipeline } from '@/shared/pipeline';
import type { ListMembers } from '@/shared/teams';
import { call, createAccount, mailedValue, storeSession, useServerNetwork, type Account } from '../helpers/real-server';
import { renderWithProviders } from '../helpers/render-with-providers';

const network = useServerNetwork();
let ada: Account;
let bob: Account;
let list: ListSummary;

const invitationToken = (email: string) => mailedValue(email, /\/invitations\/([A-Za-z0-9_-]+)/);

async function invite(email: string, role: 'editor' | 'viewer') {
  const sent = await call('POST', `/lists/${list.id}/members`, { token: ada.tokens.access_token, body: { email, role } });
  expect(sent.status).toBe(201);
  return invitationToken(email);
}

async function members(): Promise<ListMembers> {
  return (await call<ListMembers>('GET', `/lists/${list.id}/members`, { token: ada.tokens.access_token })).body;
}

beforeEach(async () => {
  [ada, bob] = await Promise.all([createAccount(), createAccount({ first_name: 'Bob', last_name: 'Noyce' })]);
  const created = await call<ListSummary>('POST', '/lists', {
    token: ada.tokens.access_token,
    body: { name: 'Seed leads', description: '', list_type: 'investor' },
  });
  list = created.body;
});

describe('the Share dialog', () => {
  it('invites by e-mail, shows the server’s refusal in place, lists pending invitations and revokes one', async () => {
    storeSession(ada.tokens);
    const user = userEvent.setup();
    await renderWithProviders(<ShareButton listKeys={listKeys} listId={list.id} listName={list.name} />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Seed leads' });
    const people = await within(dialog).findByRole('list', { name: 'People with access' });
    expect(within(people).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(people).getByText('Owner')).toBeInTheDocument();

    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    await user.type(email, 'not-an-address');
    expect(await within(dialog).findByText('Enter a valid e-mail address')).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, ada.email);
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You cannot invite yourself');

    await user.clear(email);
    await user.type(email, bob.email);
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Viewer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    const pending = await within(dialog).findByRole('list', { name: 'Pending invitations' });
    expect(within(pending).getByText(bob.email.toLowerCase())).toBeInTheDocument();
    expect(within(pending).getByText(/^Viewer · expires /)).toBeInTheDocument();
    expect(network.sent.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { email: ada.email, role: 'editor' },
      { email: bob.email, role: 'viewer' },
    ]);
    expect(await invitationToken(bob.email)).toMatch(/.{20,}/);

    await user.click(within(pending).getByRole('button', { name: `Revoke invitation of ${bob.email.toLowerCase()}` }));
    await waitFor(() => expect(within(dialog).queryByRole('list', { name: 'Pending invitations' })).toBeNull());
    expect((await members()).invitations).toEqual([]);
  });

  it('changes a member’s role and removes them', async () => {
    const token = await invite(bob.email, 'editor');
    expect((await call('POST', `/invitations/${token}/accept`, { token: bob.tokens.access_token })).status).toBe(200);
    storeSession(ada.tokens);
    const user = userEvent.setup();
    await renderWithProviders(<ShareButton listKeys={listKeys} listId={list.id} listName={list.name} />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Seed leads' });
    const role = await within(dialog).findByRole('combobox', { name: 'Role of Bob Noyce' });
    expect(role).toHaveTextContent('Editor');
    await user.click(role);
    await user.click(await screen.findByRole('option', { name: 'Viewer' }));
    await waitFor(async () => expect((await members()).members.map((member) => member.role)).toEqual(['owner', 'viewer']));

    expect(dialog).toHaveTextContent('the private contacts they put on this list become yours, their notes stay');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Bob Noyce' }));
    await waitFor(() => expect(within(dialog).queryByText('Bob Noyce')).toBeNull());
    expect((await members()).members.map((member) => member.email)).toEqual([ada.email.toLowerCase()]);
    expect((await call('GET', `/lists/${list.id}`, { token: bob.tokens.access_token })).status).toBe(404);
  });
});

describe('the invitation page', () => {
  it('shows what it offers logged out, with a log-in, or a sign-up, that comes back here', async () => {
    const token = await invite(bob.email, 'viewer');
    const user = userEvent.setup();
    await renderWithProviders(
      <InvitationPage
        token={token}
        listKeys={listKeys}
        userEmail={undefined}
        onSignUp={() => rememberReturnAfterSignUp(`/invitations/${token}`)}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Seed leads' })).toBeInTheDocument();
    expect(screen.getByText(/Ada Lovelace invited/)).toHaveTextContent(
      `Ada Lovelace invited ${bob.email.toLowerCase()} to their investor list as viewer.`,
    );
    expect(screen.getByRole('link', { name: 'Log in to accept' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(`/invitations/${token}`)}`,
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');

    // Signing up first: the first log-in on this device (with no page of its own to go to) comes back here, once.
    expect(takeReturnAfterSignUp()).toBeUndefined();
    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(takeReturnAfterSignUp()).toBe(`/invitations/${token}`);
    expect(takeReturnAfterSignUp()).toBeUndefined();
    rememberReturnAfterSignUp('//elsewhere.example');
    expect(takeReturnAfterSignUp()).toBeUndefined();
  });

  it('tells another account the invitation is not theirs, and changes nothing', async () => {
    const token = await invite(bob.email, 'editor');
    const carol = await createAccount({ first_name: 'Carol', last_name: 'Shaw' });
    storeSession(carol.tokens);
    await renderWithProviders(<InvitationPage token={token} listKeys={listKeys} userEmail={carol.email} />);
    expect(
      await screen.findByText(
        `This invitation is for ${bob.email.toLowerCase()}. Log in with that address to accept it; nothing was changed.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
    expect(network.sent.filter((request) => request.method !== 'GET')).toEqual([]);
    expect((await members()).invitations.map((invitation) => invitation.email)).toEqual([bob.email.toLowerCase()]);
  });

  it('accepts as the invited address, opens the list, and the link works once', async () => {
    const token = await invite(bob.email, 'editor');
    storeSession(bob.tokens);
    const user = userEvent.setup();
    const { router } = await renderWithProviders(<InvitationPage token={token} listKeys={listKeys} userEmail={bob.email} />);
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/lists/${list.id}`));
    expect((await members()).members.map((member) => [member.email, member.role])).toEqual([
      [ada.email.toLowerCase(), 'owner'],
      [bob.email.toLowerCase(), 'editor'],
    ]);
    const again = await call<{ detail: string }>('GET', `/invitations/${token}`);
    expect(again.status).toBeGreaterThanOrEqual(400);
  });
});

describe('a member', () => {
  beforeEach(async () => {
    const token = await invite(bob.email, 'viewer');
    expect((await call('POST', `/invitations/${token}/accept`, { token: bob.tokens.access_token })).status).toBe(200);
    await call('POST', '/lists', { token: bob.tokens.access_token, body: { name: 'Bob’s own', description: '', list_type: 'fund' } });
    storeSession(bob.tokens);
  });

  it('sees a list shared with them under Shared with me, with its owner and their role', async () => {
    await renderWithProviders(
      <>
        <SidebarLists />
        <SidebarSharedLists />
      </>,
    );
    const shared = await screen.findByRole('navigation', { name: 'Shared with me' });
    expect(within(shared).getByRole('link', { name: 'Seed leads, Ada Lovelace, Viewer, 0 items' })).toHaveAttribute(
      'href',
      `/lists/${list.id}`,
    );
    expect(within(shared).getByText('Ada Lovelace · Viewer')).toBeInTheDocument();
    const own = screen.getByRole('navigation', { name: 'Lists' });
    expect(within(own).getByRole('link', { name: 'Bob’s own, 0 items' })).toBeInTheDocument();
    expect(within(own).queryByText('Seed leads')).toBeNull();
  });

  it('as a viewer, finds no control that would change the list or its rows', async () => {
    const shared = (await call<ListSummary>('GET', `/lists/${list.id}`, { token: bob.tokens.access_token })).body;
    expect(shared).toMatchObject({ role: 'viewer', owner: { first_name: 'Ada', last_name: 'Lovelace' } });
    const row = {
      id: 1,
      first_name: 'Grace',
      last_name: 'Hopper',
      pipeline: newPipeline(),
      pendingFields: new Set(),
    } as unknown as ListItem & {
      pendingFields: ReadonlySet<never>;
    };
    await renderWithProviders(
      <>
        <ListActions list={shared} view="board" onViewChange={() => {}} canExport onExport={() => {}} />
        <PipelineBoard
          rows={[row]}
          itemName={() => 'Grace Hopper'}
          firmName={() => 'Navy'}
          renderNameLink={() => 'Grace Hopper'}
          onStageChange={() => {}}
          onEdit={() => {}}
          readOnly
        />
      </>,
    );
    // Its More menu holds Export CSV alone.
    await userEvent.setup().click(screen.getByRole('button', { name: 'More' }));
    const more = screen.getByRole('menu', { name: 'More' });
    expect(within(more).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Export CSV']);
    expect(within(more).getByRole('menuitem', { name: 'Export CSV' })).not.toHaveAttribute('aria-disabled');
    for (const name of ['Edit', 'Delete List', 'Share', /^Move to/, /^Move Grace/, /^Set follow-up/]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.getByTestId('board-card')).toHaveTextContent('Grace Hopper');
  });
});

describe('an editor', () => {
  let investorId: number;

  beforeEach(async () => {
    const token = await invite(bob.email, 'editor');
    expect((await call('POST', `/invitations/${token}/accept`, { token: bob.tokens.access_token })).status).toBe(200);
    const page = await call<{ results: Array<{ id: number }> }>('GET', '/investors/search?page=1&per_page=1', {
      token: ada.tokens.access_token,
    });
    investorId = page.body.results[0].id;
    const added = await call('POST', `/lists/${list.id}/investors/batch`, {
      token: ada.tokens.access_token,
      body: { investor_ids: [investorId] },
    });
    expect(added.status).toBeLessThan(300);
    storeSession(bob.tokens);
  });

  it('sees each note’s author and who changed the row last, deletes only their own notes, and reads the row’s activity', async () => {
    const notes = `/lists/${list.id}/investors/${investorId}/notes`;
    expect((await call('POST', notes, { token: ada.tokens.access_token, body: { body: 'Ada met them' } })).status).toBe(201);
    expect(
      (await call('PATCH', `/lists/${list.id}/investors/${investorId}`, { token: ada.tokens.access_token, body: { stage: 'meeting' } }))
        .status,
    ).toBe(200);
    expect((await call('POST', notes, { token: bob.tokens.access_token, body: { body: 'Bob sent the deck' } })).status).toBe(201);
    const user = userEvent.setup();
    await renderWithProviders(
      <PipelinePanel
        listType="investor"
        itemId={investorId}
        listKeys={listKeys}
        userId={bob.id}
        renderRowExtra={(row) => <RowActivity listKeys={listKeys} row={row} />}
      />,
    );
    const panel = await screen.findByRole('region', { name: 'Seed leads' });
    const notesList = await within(panel).findByRole('list', { name: 'Notes in Seed leads' });
    const items = within(notesList).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Bob Noyce · .*Bob sent the deck$/),
      expect.stringMatching(/^Ada Lovelace · .*Ada met them$/),
    ]);
    expect(within(items[0]).getByRole('button', { name: /^Delete note of / })).toBeInTheDocument();
    expect(within(items[1]).queryByRole('button', { name: /^Delete note of / })).toBeNull();
    expect(within(panel).getByText(/^Last change: Ada Lovelace · /)).toBeInTheDocument();
    expect(within(panel).getByRole('combobox', { name: 'Stage in Seed leads' })).toHaveTextContent('Meeting');

    await user.click(within(panel).getByRole('button', { name: 'Activity' }));
    const activity = await within(panel).findByRole('list', { name: 'Activity, newest first' });
    const said = within(activity)
      .getAllByRole('listitem')
      .map((entry) => entry.querySelector('p')?.textContent);
    expect(said).toEqual([
      'Bob Noyce added a note: “Bob sent the deck”',
      'Ada Lovelace moved it from Lead to Meeting',
      'Ada Lovelace added a note: “Ada met them”',
      'Ada Lovelace added it to the list',
    ]);
  });

  it('leaves the list, and it is no longer theirs', async () => {
    const user = userEvent.setup();
    let left = false;
    await renderWithProviders(
      <LeaveListButton
        listKeys={listKeys}
        listId={list.id}
        listName={list.name}
        ownerName="Ada Lovelace"
        userId={bob.id}
        onLeft={() => {
          left = true;
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Seed leads?' });
    expect(dialog).toHaveTextContent(
      "You will no longer see this list. The private contacts you put on it become Ada Lovelace's. Ada Lovelace can invite you again.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Leave list' }));
    await waitFor(() => expect(left).toBe(true));
    expect((await call('GET', `/lists/${list.id}`, { token: bob.tokens.access_token })).status).toBe(404);
    expect((await members()).members.map((member) => member.role)).toEqual(['owner']);
  });
});
