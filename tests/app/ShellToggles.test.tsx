import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DocumentSync } from '../../src/views/DocumentSync';
import { Header } from '../../src/views/layout/Header';
import { Sidebar } from '../../src/views/layout/Sidebar';
import { renderWithSystem } from './support/renderWithSystem';

const user = { id: 1, email: 'trader@b.test', full_name: 'Trader', is_active: true, is_superuser: false, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };

function renderShell() {
  localStorage.setItem('user', JSON.stringify({ ...user, access_token: 'token-1' }));
  return renderWithSystem(
    <>
      <DocumentSync />
      <Sidebar />
      <Header />
    </>,
    {
      routes: {
        'accounts.me': () => user,
        'config.get': () => {
          throw new Error('offline');
        },
      },
    },
  );
}

const appState = () => JSON.parse(localStorage.getItem('appState') ?? '{}');

describe('the shell header and sidebar', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('hides and shows the sidebar, remembering it under appState', async () => {
    renderShell();
    await screen.findByTestId('sidebar');
    fireEvent.click(screen.getByRole('button', { name: 'نمایش یا پنهان کردن فهرست' }));
    await waitFor(() => expect(screen.queryByTestId('sidebar')).toBeNull());
    expect(appState().sidebarShow).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'نمایش یا پنهان کردن فهرست' }));
    await screen.findByTestId('sidebar');
    expect(appState().sidebarShow).toBe(true);
  });

  it('folds the sidebar to icons and remembers it', async () => {
    renderShell();
    const sidebar = await screen.findByTestId('sidebar');
    expect(sidebar.getAttribute('data-folded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'جمع یا باز کردن فهرست' }));
    await waitFor(() => expect(screen.getByTestId('sidebar').getAttribute('data-folded')).toBe('true'));
    expect(appState().sidebarUnfoldable).toBe(true);
    expect(screen.queryByText('پیشخوان')).toBeNull();
  });

  it('switches to English: labels, lang and direction follow', async () => {
    renderShell();
    await screen.findByText('پیشخوان');
    expect(document.documentElement.dir).toBe('rtl');
    fireEvent.click(screen.getByRole('button', { name: 'زبان' }));
    await screen.findByText('Dashboard');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('en');
    expect(appState().language).toBe('en-US');
  });

  it('switches the theme to dark', async () => {
    renderShell();
    await screen.findByTestId('sidebar');
    fireEvent.click(screen.getByRole('switch', { name: 'پوسته' }));
    await waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(true));
    expect(appState().theme).toBe('dark');
  });
});
