// Account Settings (SPEC §2, §5, §8): the rules and messages of both forms, and their toasts.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PersonalInformationForm } from '@/features/profile/components/PersonalInformationForm';
import { SecurityForm } from '@/features/profile/components/SecurityForm';
import { meQueryKey } from '@/features/profile/api/me';
import type { User } from '@/shared/api-types';
import { json, routeFetchTo, startStandInServer } from '../helpers/stand-in-server';
import { renderWithProviders } from '../helpers/render-with-providers';

vi.setConfig({ testTimeout: 30_000 });

const ada: User = { id: 1, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', profile_photo: null };
let server: Awaited<ReturnType<typeof startStandInServer>>;

beforeAll(async () => {
  server = await startStandInServer(() => json(500, {}));
  routeFetchTo(server.origin);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

describe('Personal Information', () => {
  it('shows the names editable and the e-mail read-only, and validates the names', async () => {
    server.answerWith((request) => (request.url === '/api/v1/auth/me' ? json(200, ada) : json(404, {})));
    const user = userEvent.setup();
    await renderWithProviders(<PersonalInformationForm />);
    expect(await screen.findByDisplayValue('Ada')).toBeInTheDocument();
    expect(input(/^Last Name/)).toHaveValue('Lovelace');
    expect(input(/^Email/)).toHaveValue('ada@example.test');
    expect(input(/^Email/)).toHaveAttribute('readonly');

    await user.clear(input(/^First Name/));
    expect(await screen.findByText('Firstname is required')).toBeInTheDocument();
    await user.clear(input(/^Last Name/));
    expect(await screen.findByText('Lastname is required')).toBeInTheDocument();
  });

  it("saves the names and toasts 'Personal information updated successfully'", async () => {
    let stored = ada;
    server.answerWith((request) => {
      if (request.method === 'PUT') stored = { ...stored, ...(request.body as Partial<User>) };
      return json(200, stored);
    });
    const user = userEvent.setup();
    const { queryClient } = await renderWithProviders(<PersonalInformationForm />);
    await screen.findByDisplayValue('Ada');
    await user.clear(input(/^First Name/));
    await user.type(input(/^First Name/), ' Augusta ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Personal information updated successfully')).toBeInTheDocument();
    const put = server.requests.find((request) => request.method === 'PUT');
    expect(put).toMatchObject({ url: '/api/v1/auth/me', body: { first_name: 'Augusta', last_name: 'Lovelace' } });
    await waitFor(() => expect(queryClient.getQueryData<User>(meQueryKey)?.first_name).toBe('Augusta'));
    // The cached user is fetched again after the change, so no saved copy keeps the old name.
    expect(server.requests.filter((request) => request.method === 'GET' && request.url === '/api/v1/auth/me').length).toBe(2);
  });
});

describe('Security', () => {
  it('validates the three passwords with the messages of SPEC §5', async () => {
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
    expect(server.requests).toHaveLength(0);
  });

  async function submitValid() {
    const user = userEvent.setup();
    await renderWithProviders(<SecurityForm />);
    await user.type(input(/^Current Password/), 'Secret!234');
    await user.type(input(/^New Password/), 'Another!pass1');
    await user.type(input(/^Confirm Password/), 'Another!pass1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
  }

  it("toasts the server's message on success and empties the form", async () => {
    server.answerWith(() => json(200, { message: 'Password changed successfully' }));
    await submitValid();
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(server.requests[0]).toMatchObject({
      url: '/api/v1/auth/change-password',
      body: { current_password: 'Secret!234', new_password: 'Another!pass1', confirm_password: 'Another!pass1' },
    });
    await waitFor(() => expect(input(/^Current Password/)).toHaveValue(''));
  });

  it("toasts the server's detail when the change is refused", async () => {
    server.answerWith(() => json(400, { detail: 'Current password is incorrect' }));
    await submitValid();
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(input(/^New Password/)).toHaveValue('Another!pass1');
  });

  it("toasts 'Something went wrong' when there is no detail", async () => {
    server.answerWith(() => ({ status: 502 }));
    await submitValid();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});
