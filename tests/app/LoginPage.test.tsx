import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/services/apiErrors';
import { LoginPage } from '../../src/views/pages/LoginPage';
import { renderWithSystem } from './support/renderWithSystem';

const config = () => ({
  app_name: { fa: 'سیگنال بازار', en: 'Bazaar Signal' },
  version: '0.0.0',
  open_registration: true,
  default_language: 'fa-IR',
  languages: ['fa-IR', 'en-US'],
  default_theme: 'light',
  timeframes: ['1m'],
  markets: ['crypto'],
  refresh_interval_ms: 86_400_000,
  server_time: new Date().toISOString(),
});

const user = { id: 1, email: 'a@b.test', full_name: null, is_active: true, is_superuser: false, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };

function submit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('ایمیل'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('گذرواژه'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'ورود' }));
}

describe('the sign-in screen', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('shows a refused sign-in in Persian and keeps the user signed out', async () => {
    const { system } = renderWithSystem(<LoginPage />, {
      path: '/login',
      routes: {
        'config.get': config,
        'auth.login': () => {
          throw new ApiError('HTTP_ERROR', 400, { detail: 'Incorrect email or password' }, 'Incorrect email or password');
        },
      },
    });
    submit('a@b.test', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'ایمیل یا گذرواژه نادرست است.');
    expect(system.auth.getSnapshot().matches('loggedOut')).toBe(true);
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('says the network is down when the server cannot be reached', async () => {
    renderWithSystem(<LoginPage />, {
      path: '/login',
      routes: {
        'config.get': config,
        'auth.login': () => {
          throw new ApiError('FETCH_ERROR', undefined, undefined, 'Failed to fetch');
        },
      },
    });
    submit('a@b.test', 'any-password');
    expect((await screen.findByRole('alert')).textContent).toContain('اتصال به سرور برقرار نشد');
  });

  it('clears the error while a new attempt is pending, then signs in and stores the session', async () => {
    let attempt = 0;
    const { system } = renderWithSystem(<LoginPage />, {
      path: '/login',
      routes: {
        'config.get': config,
        'accounts.me': () => user,
        'auth.login': () => {
          attempt += 1;
          if (attempt === 1) throw new ApiError('HTTP_ERROR', 400, { detail: 'Incorrect email or password' }, 'x');
          return { access_token: 'token-1', token_type: 'bearer', expires_at: Date.now() + 60_000, user };
        },
      },
    });
    submit('a@b.test', 'wrong-password');
    await screen.findByRole('alert');
    submit('a@b.test', 'right-password');
    await waitFor(() => expect(system.auth.getSnapshot().matches('loggedIn')).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ email: 'a@b.test', access_token: 'token-1' });
  });

  it('shows the flash message left by an ended session, and dismisses it', async () => {
    localStorage.setItem('user', JSON.stringify({ ...user, access_token: 'old-token' }));
    const { system } = renderWithSystem(<LoginPage />, {
      path: '/login',
      routes: {
        'config.get': config,
        'accounts.me': () => {
          throw new ApiError('HTTP_ERROR', 401, { detail: 'Token has expired' }, 'Token has expired');
        },
      },
    });
    const flash = await screen.findByRole('status');
    expect(flash.textContent).toContain('نشست شما به پایان رسید');
    expect(system.auth.getSnapshot().matches('loggedOut')).toBe(true);
    expect(localStorage.getItem('user')).toBeNull();
    act(() => fireEvent.click(screen.getByRole('button', { name: '×' })));
    await waitFor(() => expect(screen.queryByText(/نشست شما/)).toBeNull());
  });
});
