// Account Settings against the real server: the rules and messages of both forms, and their toasts
// ('Personal information updated successfully'; the server's message or detail on a password change).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PersonalInformationForm } from '@/features/profile/components/PersonalInformationForm';
import { SecurityForm } from '@/features/profile/components/SecurityForm';
import { meQueryKey } from '@/features/profile/api/me';
import type { User } from '@/shared/api-types';
import { call, useServerNetwork, createAccount, storeSession, type Account } from '../helpers/real-server';
import { renderWithProviders } from '../helpers/render-with-providers';

let ada: Account;

const network = useServerNetwork();
beforeEach(async () => {
  ada = await createAccount();
  storeSession(ada.tokens);
});

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

describe('Personal Information', () => {
  it('shows the names editable and the e-mail read-only, and validates the names', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<PersonalInformationForm />);
    expect(await screen.findByDisplayValue('Ada')).toBeInTheDocument();
    expect(input(/^Last Name/)).toHaveValue('Lovelace');
    expect(input(/^Email/)).toHaveValue(ada.email);
    expect(input(/^Email/)).toHaveAttribute('readonly');

    await user.clear(input(/^First Name/));
    expect(await screen.findByText('Firstname is required')).toBeInTheDocument();
    await user.clear(input(/^Last Name/));
    expect(await screen.findByText('Lastname is required')).toBeInTheDocument();
  });

  it("saves the names and toasts 'Personal information updated successfully'", async () => {
    const user = userEvent.setup();
    const { queryClient } = await renderWithProviders(<PersonalInformationForm />);
    await screen.findByDisplayValue('Ada');
    await user.clear(input(/^First Name/));
    await user.type(input(/^First Name/), ' Augusta ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Personal information updated successfully')).toBeInTheDocument();
    const put = network.sent.find((request) => request.method === 'PUT');
    expect(put).toMatchObject({ url: '/api/v1/auth/me', body: { first_name: 'Augusta', last_name: 'Lovelace' } });
    await waitFor(() => expect(queryClient.getQueryData<User>(meQueryKey)?.first_name).toBe('Augusta'));
    // The cached user is fetched again after the change, so no saved copy keeps the old name.
    expect(network.sent.filter((request) => request.method === 'GET' && request.url === '/api/v1/auth/me').length).toBe(2);
    expect((await call<User>('GET', '/auth/me', { token: ada.tokens.access_token })).body.first_name).toBe('Augusta');
  });
});

describe('Security', () => {
  it('validates the three passwords, each with its own message', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<SecurityForm />);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm Password is required')).toBeInTheDocument();

    await user.type(input(/^Current Password/), 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.type(input(/^New Password/), 'Another!pass1');
    await user.type(input(/^Confirm Password/), 'Another!pass2');
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    expect(network.sent).toHaveLength(0);
  });

  async function submitValid(current = ada.password) {
    const user = userEvent.setup();
    await renderWithProviders(<SecurityForm />);
    await user.type(input(/^Current Password/), current);
    await user.type(input(/^New Password/), 'Another!pass1');
    await user.type(input(/^Confirm Password/), 'Another!pass1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
  }

  it("toasts the server's message on success and empties the form", async () => {
    await submitValid();
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    expect(network.sent[0]).toMatchObject({
      url: '/api/v1/auth/change-password',
      body: { current_password: ada.password, new_password: 'Another!pass1', confirm_password: 'Another!pass1' },
    });
    await waitFor(() => expect(input(/^Current Password/)).toHaveValue(''));
    expect((await call('POST', '/auth/login', { body: { email: ada.email, password: 'Another!pass1' } })).status).toBe(302);
  });

  it("toasts the server's detail when the change is refused", async () => {
    const refused = await call<{ detail: string }>('POST', '/auth/change-password', {
      token: ada.tokens.access_token,
      body: { current_password: 'Wrong!pass1', new_password: 'Another!pass1', confirm_password: 'Another!pass1' },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    await submitValid('Wrong!pass1');
    expect(await screen.findByText(refused.body.detail)).toBeInTheDocument();
    expect(input(/^New Password/)).toHaveValue('Another!pass1');
  });

  it("toasts 'Something went wrong' when the answer carries no detail", async () => {
    // The connection is lost before any answer: there is no server detail to show.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
    try {
      await submitValid();
      expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    } finally {
      network.install();
    }
  });
});
