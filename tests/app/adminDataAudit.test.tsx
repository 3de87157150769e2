import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppLanguage } from '../../src/i18n';
import AdminAuditPage from '../../src/views/pages/AdminAuditPage';
import { ADMIN, adminDataServer, auditEntry } from './support/adminDataHarness';
import { renderSignals, stopSignalsSystems, USER } from './support/signalsHarness';

afterEach(stopSignalsSystems);

const entries = () => [
  auditEntry(1),
  auditEntry(2, { action: 'market.dataUpdate', path: '/api/core/market/data_update/crypto', target: 'crypto', details: { body: { data_type: 'gaps' } } }),
  auditEntry(3, { action: 'market.updateListItem', method: 'PUT', path: '/api/core/market/list/symbols/4', target: 'symbols/BTCUSDT', status_code: 422, user_email: 'other.admin@b.test' }),
  ...Array.from({ length: 30 }, (_, i) => auditEntry(10 + i)),
];

function renderAudit(path = '/admin/audit', language: AppLanguage = 'en-US') {
  const { server, store } = adminDataServer({ audit: entries() });
  const view = renderSignals(<Route path="/admin/audit" element={<AdminAuditPage />} />, { path, server, language, user: ADMIN as typeof USER });
  return { ...view, store };
}
const auditQueries = (view: ReturnType<typeof renderAudit>) => view.api.calls.filter((c) => c.id === 'audit.list').map((c) => c.input.query);
const where = () => screen.getByTestId('where').textContent;

describe('audit log', () => {
  it('lists entries newest first with who, a translated action, the outcome and expandable details', async () => {
    const view = renderAudit('/admin/audit?offset=25');
    expect((await screen.findByTestId('page-summary')).textContent).toBe('26–33 of 33');
    const rows = within(screen.getByRole('table', { name: 'Audit log' })).getAllByTestId(/^audit-row-/);
    expect(rows.map((r) => r.dataset.testid)).toEqual(['audit-row-14', 'audit-row-13', 'audit-row-12', 'audit-row-11', 'audit-row-10', 'audit-row-3', 'audit-row-2', 'audit-row-1']);
    const refused = screen.getByTestId('audit-row-3');
    expect(within(refused).getByText('Edit a list item')).toBeTruthy();
    expect(within(refused).getByText('other.admin@b.test')).toBeTruthy();
    expect(within(refused).getByText('symbols/BTCUSDT')).toBeTruthy();
    expect(screen.getByTestId('outcome-3').textContent).toBe('Refused · 422');
    expect(screen.getByTestId('outcome-2').textContent).toBe('Done · 200');
    const details = within(screen.getByTestId('audit-row-2')).getByText('Show').closest('details')!;
    expect(details.open).toBe(false);
    fireEvent.click(within(details).getByText('Show'));
    expect(details.open).toBe(true);
    expect(JSON.parse(details.querySelector('pre')!.textContent!)).toEqual({ body: { data_type: 'gaps' } });
    expect(auditQueries(view)[0]).toEqual({ offset: 25, limit: 25 });
  });

  it('sends the filters in the query and keeps them in the address', async () => {
    const view = renderAudit();
    await screen.findByTestId('page-summary');
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'market.updateListItem' } });
    await waitFor(() => expect(where()).toBe('/admin/audit?action=market.updateListItem'));
    fireEvent.change(screen.getByLabelText('Outcome'), { target: { value: 'refused' } });
    const text = screen.getByLabelText('Search');
    fireEvent.change(text, { target: { value: 'BTCUSDT' } });
    fireEvent.keyDown(text, { key: 'Enter' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01T00:00' } });
    const from = new Date(2026, 0, 1, 0, 0).toISOString();
    await waitFor(() => expect(auditQueries(view).at(-1)).toEqual({ offset: 0, limit: 25, action: 'market.updateListItem', q: 'BTCUSDT', from, outcome: 'refused' }));
    expect(where()).toBe(`/admin/audit?action=market.updateListItem&q=BTCUSDT&from=${encodeURIComponent(from)}&outcome=refused`);
    await waitFor(() => expect(screen.getByTestId('page-summary').textContent).toBe('1–1 of 1'));
    expect(screen.getByTestId('audit-row-3')).toBeTruthy();
  });

  it('reads its filters from the address, and speaks Persian with Persian digits', async () => {
    const view = renderAudit('/admin/audit?action=market.dataUpdate&outcome=ok', 'fa-IR');
    expect(await screen.findByText('به‌روزرسانی داده', { selector: 'td span' })).toBeTruthy();
    expect(auditQueries(view)[0]).toEqual({ offset: 0, limit: 25, action: 'market.dataUpdate', outcome: 'ok' });
    expect((screen.getByLabelText('کار') as HTMLSelectElement).value).toBe('market.dataUpdate');
    expect(screen.getByTestId('outcome-2').textContent).toBe('انجام شد · ۲۰۰');
  });
});
