import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import SubscriptionEditorPage from '../../src/views/pages/SubscriptionEditorPage';
import SubscriptionsPage from '../../src/views/pages/SubscriptionsPage';
import { ApiError } from '../../src/services/apiErrors';
import { createServer, NOW, renderSignals, stopSignalsSystems } from './support/signalsHarness';

const routes = (
  <>
    <Route path="/subscriptions" element={<SubscriptionsPage />} />
    <Route path="/subscriptions/new" element={<SubscriptionEditorPage />} />
    <Route path="/subscriptions/:id" element={<SubscriptionEditorPage />} />
  </>
);

function serverWithGroups() {
  const server = createServer();
  server.state.groups.push(
    { id: 1, name: 'رمزارزهای اصلی', node_id: null, position: 0, symbol_count: 2, created_at: NOW, updated_at: NOW },
    { id: 2, name: 'بورس', node_id: null, position: 1, symbol_count: 1, created_at: NOW, updated_at: NOW },
  );
  return server;
}

describe('the subscriptions screens', () => {
  afterEach(() => stopSignalsSystems());

  it('creates a subscription: says what is missing, takes the strategy’s timeframe, shows the server’s 422 beside its field', async () => {
    const server = serverWithGroups();
    const { api } = renderSignals(routes, { path: '/subscriptions/new', server });
    const form = await screen.findByRole('form', { name: 'اشتراک تازه' });
    fireEvent.click(within(form).getByRole('button', { name: 'اشتراک تازه' }));
    expect(await within(form).findByText('نامی برایش بگذارید.')).toBeTruthy();
    expect(within(form).getByText('استراتژی را برگزینید.')).toBeTruthy();
    expect(within(form).getByText('دست‌کم یک گروه برگزینید.')).toBeTruthy();
    expect(api.calls.some((c) => c.id === 'relations.createSubscription')).toBe(false);

    fireEvent.change(within(form).getByLabelText('نام'), { target: { value: 'بازگشت RSI' } });
    await waitFor(() => expect(within(form).getAllByRole('option', { name: /RSI reversion/ }).length).toBe(1));
    fireEvent.change(within(form).getByRole('combobox', { name: 'استراتژی' }), { target: { value: '8' } });
    expect((within(form).getByRole('combobox', { name: 'بازهٔ زمانی' }) as HTMLSelectElement).value).toBe('4h');
    fireEvent.click(await within(form).findByRole('checkbox', { name: /رمزارزهای اصلی/ }));
    fireEvent.change(within(form).getByRole('spinbutton', { name: 'آستانهٔ فهرست، از ۰ تا ۱۰۰' }), { target: { value: '65' } });
    fireEvent.click(within(form).getByRole('radio', { name: /فقط آگاهم کن/ }));

    server.state.failNext['relations.createSubscription'] = new ApiError('HTTP_ERROR', 422, { detail: [{ loc: ['body', 'group_ids', 0], msg: 'Group 1 not found', type: 'value_error' }, { loc: ['body', 'name'], msg: 'name is taken', type: 'value_error' }] }, 'Group 1 not found');
    fireEvent.click(within(form).getByRole('button', { name: 'اشتراک تازه' }));
    expect(await within(form).findByText('name is taken')).toBeTruthy();
    expect(within(form).getByText('Group 1 not found')).toBeTruthy();

    fireEvent.click(within(form).getByRole('button', { name: 'اشتراک تازه' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/subscriptions'));
    expect(api.calls.filter((c) => c.id === 'relations.createSubscription').at(-1)!.input.body).toEqual({
      name: 'بازگشت RSI', strategy_id: 8, timeframe: '4h', group_ids: [1], listing_level: 65, confirmation_mode: 30, is_active: true,
    });
    const card = await screen.findByTestId('subscription');
    expect(within(card).getByText('RSI reversion')).toBeTruthy();
    expect(within(card).getByText('۴ ساعت')).toBeTruthy();
    expect(within(card).getByText('فقط آگاهم کن')).toBeTruthy();
  });

  it('pauses a subscription, links it to a portfolio and switches the link’s confirmation and activity', async () => {
    const server = serverWithGroups();
    server.state.subscriptions.push({ id: 40, name: 'روند', listing_level: 50, confirmation_mode: 20, is_active: true, strategy_id: 7, strategy_name: 'EMA cross', timeframe: '1h', group_ids: [1, 2], last_scored_at: null, created_at: NOW, updated_at: NOW, links: [] });
    const { api } = renderSignals(routes, { path: '/subscriptions', server });
    const card = await screen.findByTestId('subscription');
    await within(card).findByText('رمزارزهای اصلی و بورس');

    fireEvent.click(within(card).getAllByRole('switch', { name: 'فعال' })[0]!);
    await waitFor(() => expect(api.calls.find((c) => c.id === 'relations.updateSubscription')?.input.body).toEqual({ id: 40, is_active: false }));
    await within(card).findByText('متوقف');

    const portfolio = await within(card).findByRole('combobox', { name: 'سبد برای پیوند' });
    fireEvent.change(portfolio, { target: { value: '6' } });
    fireEvent.click(within(card).getByRole('button', { name: 'پیوند' }));
    const link = await within(card).findByTestId('subscription-link');
    expect(api.calls.find((c) => c.id === 'relations.createSubscriptionLink')!.input.body).toEqual({ subscription_id: 40, portfolio_id: 6, confirmation: true });
    expect(within(link).getByText('Long term')).toBeTruthy();

    const confirm = within(link).getByRole('switch', { name: 'تأیید هر سفارش' });
    expect(confirm.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(confirm);
    await waitFor(() => expect(within(link).getByRole('switch', { name: 'تأیید هر سفارش' }).getAttribute('aria-checked')).toBe('false'));
    const linkId = server.state.subscriptions[0]!.links[0]!.id;
    expect(api.calls.find((c) => c.id === 'relations.setSubscriptionLinkConfirmation')!.input.body).toEqual({ link_id: linkId, confirmation: false });
    fireEvent.click(within(link).getByRole('switch', { name: 'فعال' }));
    await waitFor(() => expect(api.calls.find((c) => c.id === 'relations.setSubscriptionLinkActiveStatus')?.input.body).toEqual({ link_id: linkId, is_active: false }));

    fireEvent.click(within(link).getByRole('button', { name: 'برداشتن پیوند' }));
    fireEvent.click(within(link).getByRole('button', { name: 'برداشتن' }));
    await waitFor(() => expect(within(card).queryByTestId('subscription-link')).toBeNull());
    expect(within(card).getByText('پیوندی ندارد: سیگنال‌ها سفارشی ثبت نمی‌کنند.')).toBeTruthy();
  });

  it('edits a subscription’s groups and level', async () => {
    const server = serverWithGroups();
    server.state.subscriptions.push({ id: 41, name: 'روند', listing_level: 50, confirmation_mode: 10, is_active: true, strategy_id: 7, strategy_name: 'EMA cross', timeframe: '1h', group_ids: [1], last_scored_at: null, created_at: NOW, updated_at: NOW, links: [] });
    const { api } = renderSignals(routes, { path: '/subscriptions/41', server });
    const form = await screen.findByRole('form', { name: 'ویرایش اشتراک' });
    expect((within(form).getByLabelText('نام') as HTMLInputElement).value).toBe('روند');
    expect((await within(form).findByRole('checkbox', { name: /رمزارزهای اصلی/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(form).getByRole('checkbox', { name: /بورس/ }));
    fireEvent.change(within(form).getByRole('slider', { name: 'آستانهٔ فهرست' }), { target: { value: '70' } });
    fireEvent.click(within(form).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/subscriptions'));
    expect(api.calls.find((c) => c.id === 'relations.updateSubscription')!.input.body).toMatchObject({ id: 41, group_ids: [1, 2], listing_level: 70, confirmation_mode: 10 });
  });
});
