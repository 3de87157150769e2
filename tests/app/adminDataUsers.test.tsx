import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppLanguage } from '../../src/i18n';
import AdminUsersPage from '../../src/views/pages/AdminUsersPage';
import { ADMIN, adminDataServer, user } from './support/adminDataHarness';
import { renderSignals, stopSignalsSystems, USER } from './support/signalsHarness';

afterEach(stopSignalsSystems);

function renderUsers(path = '/admin/users', language: AppLanguage = 'en-US', users = Array.from({ length: 30 }, (_, i) => user(10 + i))) {
  const { server, store } = adminDataServer({ users });
  const view = renderSignals(<Route path="/admin/users" element={<AdminUsersPage />} />, { path, server, language, user: ADMIN as typeof USER });
  return { ...view, store };
}
const listQueries = (view: ReturnType<typeof renderUsers>) => view.api.calls.filter((c) => c.id === 'accounts.list').map((c) => c.input.query);
const where = () => screen.getByTestId('where').textContent;

describe('admin users', () => {
  it('pages through the users with the total, the page in the address', async () => {
    const view = renderUsers();
    expect((await screen.findByTestId('page-summary')).textContent).toBe('1–25 of 31');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('page-summary').textContent).toBe('26–31 of 31'));
    expect(listQueries(view).at(-1)).toEqual({ skip: 25, limit: 25 });
    expect(where()).toBe('/admin/users?skip=25');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('searches once typing pauses, from the first page, and keeps the search in the address', async () => {
    const view = renderUsers('/admin/users?skip=25');
    await screen.findByTestId('page-summary');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'trader1' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'trader12' } });
    await waitFor(() => expect(where()).toBe('/admin/users?q=trader12'));
    await waitFor(() => expect(screen.getByTestId('page-summary').textContent).toBe('1–1 of 1'));
    // The half-typed search never reached the server.
    expect(listQueries(view).map((query) => query?.q)).toEqual([undefined, 'trader12']);
    expect(listQueries(view).at(-1)).toEqual({ skip: 0, limit: 25, q: 'trader12' });
    expect(screen.getByTestId('user-row-12')).toBeTruthy();
  });

  it('reads the search from the address and says when nothing matches', async () => {
    const view = renderUsers('/admin/users?q=nobody');
    expect(await screen.findByText('No user matches “nobody”')).toBeTruthy();
    expect(listQueries(view)[0]).toEqual({ skip: 0, limit: 25, q: 'nobody' });
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('nobody');
  });

  it('creates a user with the Persian labels the e2e test uses', async () => {
    const view = renderUsers('/admin/users', 'fa-IR', []);
    await screen.findByTestId('page-summary');
    fireEvent.click(screen.getByRole('button', { name: 'کاربر تازه' }));
    const form = screen.getByRole('form', { name: 'ساختن کاربر' });
    fireEvent.change(within(form).getByLabelText('ایمیل'), { target: { value: 'New.Person@b.test' } });
    fireEvent.change(within(form).getByLabelText('گذرواژه'), { target: { value: 'a-long-password' } });
    fireEvent.change(within(form).getByLabelText('نام'), { target: { value: 'نفر تازه' } });
    fireEvent.click(within(form).getByRole('switch', { name: 'مدیر' }));
    fireEvent.click(within(form).getByRole('button', { name: 'ساختن کاربر' }));
    expect(await screen.findByText('کاربر new.person@b.test ساخته شد.')).toBeTruthy();
    expect(view.api.calls.find((c) => c.id === 'accounts.create')?.input.body).toEqual({
      email: 'New.Person@b.test', password: 'a-long-password', full_name: 'نفر تازه', is_active: true, is_superuser: true,
    });
    await waitFor(() => expect(screen.getByTestId('page-summary').textContent).toBe('۱ تا ۲ از ۲'));
    expect(within(screen.getByTestId(`user-row-${view.store.users[1]!.id}`)).getByTestId(/^admin-/).textContent).toBe('بله');
  });

  it('checks the form before sending, then shows the server’s 422 beside its field and a 409 as a sentence', async () => {
    const view = renderUsers('/admin/users', 'en-US', []);
    await screen.findByTestId('page-summary');
    fireEvent.click(screen.getByRole('button', { name: 'New user' }));
    const form = screen.getByRole('form', { name: 'Create user' });
    const email = within(form).getByLabelText('Email');
    fireEvent.change(email, { target: { value: 'someone@b.test' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create user' }));
    expect(within(form).getByTestId('field-error').textContent).toBe('must be at least 8 characters');
    expect(view.api.calls.some((c) => c.id === 'accounts.create')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'long-enough-1' } });
    fireEvent.change(email, { target: { value: 'someone@refused.test' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create user' }));
    expect((await within(form).findByTestId('field-error')).textContent).toBe('this domain is not accepted');
    expect(email.closest('div')?.textContent).toContain('this domain is not accepted');

    fireEvent.change(email, { target: { value: ADMIN.email } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create user' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('A user with this email already exists.');
    expect(view.store.users).toHaveLength(1);
  });

  it('edits a user’s name, active and admin in a side panel', async () => {
    const view = renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit trader11@b.test' }));
    const panel = screen.getByRole('dialog', { name: 'Edit user' });
    fireEvent.change(within(panel).getByLabelText('Name'), { target: { value: 'Renamed Trader' } });
    fireEvent.click(within(panel).getByRole('switch', { name: 'Active' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Changes saved.')).toBeTruthy();
    expect(view.api.calls.find((c) => c.id === 'accounts.update')?.input).toEqual({
      params: { userId: 11 }, body: { full_name: 'Renamed Trader', is_active: false, is_superuser: false },
    });
    await waitFor(() => expect(screen.getByTestId('active-11').textContent).toBe('No'));
    expect(within(screen.getByTestId('user-row-11')).getByText('Renamed Trader')).toBeTruthy();
  });

  it('shows the server refusing to demote the last active admin as a sentence, and changes nothing', async () => {
    const view = renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: `Edit ${ADMIN.email}` }));
    const panel = screen.getByRole('dialog', { name: 'Edit user' });
    fireEvent.click(within(panel).getByRole('switch', { name: 'Admin' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('At least one active admin must remain; this user is the last active admin.')).toBeTruthy();
    expect(view.store.users[0]!.is_superuser).toBe(true);
    expect(screen.getByTestId('admin-1').textContent).toBe('Yes');
  });

  it('sends a password reset mail after asking, and says it was sent', async () => {
    const view = renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit trader12@b.test' }));
    const panel = screen.getByRole('dialog', { name: 'Edit user' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send password reset mail' }));
    expect(view.store.recoveryMails).toEqual([]);
    const confirm = within(panel).getByRole('group', { name: 'Send a password reset mail to trader12@b.test?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, send it' }));
    expect(await within(panel).findByText('A password reset mail was sent to trader12@b.test.')).toBeTruthy();
    expect(view.store.recoveryMails).toEqual(['trader12@b.test']);
    expect(view.api.calls.find((c) => c.id === 'auth.passwordRecovery')?.input).toEqual({ params: { email: 'trader12@b.test' } });
  });
});
