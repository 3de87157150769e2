import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import StrategiesPage from '../../src/views/pages/StrategiesPage';
import StrategyEditorPage from '../../src/views/pages/StrategyEditorPage';
import { ApiError } from '../../src/services/apiErrors';
import { createServer, renderSignals, stopSignalsSystems, USER } from './support/signalsHarness';

const routes = (
  <>
    <Route path="/strategies" element={<StrategiesPage />} />
    <Route path="/strategies/new" element={<StrategyEditorPage />} />
    <Route path="/strategies/:id" element={<StrategyEditorPage />} />
    <Route path="/strategies/:id/edit" element={<StrategyEditorPage />} />
  </>
);

const json = () => screen.getByRole('textbox', { name: 'بدنهٔ استراتژی به صورت JSON' }) as HTMLTextAreaElement;
const errorCount = () => Number(screen.getByTestId('error-count').getAttribute('data-count'));

describe('the strategies screens', () => {
  afterEach(() => stopSignalsSystems());

  it('lists built-in strategies marked, and your own with edit and delete', async () => {
    renderSignals(routes, { path: '/strategies' });
    const rows = await screen.findAllByTestId('strategy');
    expect(rows.map((r) => r.getAttribute('data-name'))).toEqual(['EMA cross', 'RSI reversion', 'My breakout']);
    expect(within(rows[0]!).getByText('آماده')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('link', { name: 'ویرایش' })).toBeNull();
    expect(within(rows[0]!).getByRole('link', { name: 'رونوشت و تغییر' }).getAttribute('href')).toBe('/strategies/new?from=7');
    expect(within(rows[2]!).getByRole('link', { name: 'ویرایش' }).getAttribute('href')).toBe('/strategies/20/edit');
    expect(within(rows[2]!).getByRole('link', { name: 'بک‌تست' }).getAttribute('href')).toBe('/backtest?strategy=20');
    fireEvent.click(screen.getByRole('button', { name: 'مال من' }));
    await waitFor(() => expect(screen.getAllByTestId('strategy').map((r) => r.getAttribute('data-name'))).toEqual(['My breakout']));
  });

  it('validates the body as you type, in the form and the JSON alike, with the server’s paths and words', async () => {
    renderSignals(routes, { path: '/strategies/new' });
    await screen.findByRole('form', { name: 'استراتژی تازه' });
    expect(screen.getByTestId('error-count').textContent).toBe('بی‌خطا');

    // A typo in a rule's operand: the form says so beside that operand.
    const first = screen.getAllByTestId('rule')[0]!;
    fireEvent.change(within(first).getByRole('combobox', { name: 'سمت نخست' }), { target: { value: 'emaa' } });
    expect(await within(first).findByText('unknown indicator "emaa"')).toBeTruthy();
    expect(errorCount()).toBe(1);

    // The JSON view shows the same document and the same error by its path, left to right.
    fireEvent.click(screen.getByRole('tab', { name: 'JSON' }));
    expect(json().getAttribute('dir')).toBe('ltr');
    expect(JSON.parse(json().value).rules[0].when).toEqual(['cross_above', 'emaa', 'slow']);
    expect(within(screen.getByTestId('json-errors')).getByText('rules[0].when[1]: unknown indicator "emaa"')).toBeTruthy();

    // Broken JSON is reported as such; fixed JSON drives the form.
    fireEvent.change(json(), { target: { value: '{"version": 1, "rules": [' } });
    expect(screen.getByRole('alert').textContent).toContain('JSON خوانده نمی‌شود');
    const fixed = { version: 1, indicators: { rsi: { type: 'rsi', period: 14 } }, rules: [{ name: 'oversold', when: ['lt', 'rsi', 30], score: 40 }], entry: 30, exit: -30 };
    fireEvent.change(json(), { target: { value: JSON.stringify(fixed) } });
    await waitFor(() => expect(errorCount()).toBe(0));
    fireEvent.click(screen.getByRole('tab', { name: 'فرم' }));
    expect(screen.getAllByTestId('indicator').map((i) => i.getAttribute('data-name'))).toEqual(['rsi']);
    expect(screen.getAllByTestId('rule').map((r) => r.getAttribute('data-name'))).toEqual(['oversold']);

    // Meaning checks too: exit must be below entry.
    fireEvent.change(screen.getByRole('spinbutton', { name: /آستانهٔ خروج/ }), { target: { value: '40' } });
    expect(await screen.findByText('exit must be below entry')).toBeTruthy();
  });

  it('edits indicators and nested conditions through the form, renaming references', async () => {
    renderSignals(routes, { path: '/strategies/new' });
    await screen.findByRole('form', { name: 'استراتژی تازه' });
    const fast = screen.getAllByTestId('indicator')[0]!;
    fireEvent.change(within(fast).getByRole('textbox', { name: 'نام' }), { target: { value: 'quick' } });
    fireEvent.change(within(screen.getAllByTestId('indicator')[0]!).getByRole('spinbutton', { name: 'quick دوره' }), { target: { value: '9' } });

    const rule = screen.getAllByTestId('rule')[0]!;
    fireEvent.change(within(rule).getByRole('combobox', { name: 'عملگر' }), { target: { value: 'and' } });
    fireEvent.click(within(rule).getByRole('button', { name: 'افزودن شرط' }));

    fireEvent.click(screen.getByRole('tab', { name: 'JSON' }));
    const body = JSON.parse(json().value);
    expect(body.indicators.quick).toEqual({ type: 'ema', period: 9, source: 'close' });
    expect(body.rules[0].when).toEqual(['and', ['cross_above', 'quick', 'slow'], ['gt', 'close', 0], ['gt', 'close', 0]]);
    expect(errorCount()).toBe(0);
  });

  it('saves a new strategy, showing the server’s 422 beside the field, then opens it', async () => {
    const server = createServer();
    const { api } = renderSignals(routes, { path: '/strategies/new', server });
    await screen.findByRole('form', { name: 'استراتژی تازه' });
    fireEvent.click(screen.getByRole('button', { name: 'ساختن استراتژی' }));
    expect(await screen.findByText('نام لازم است.')).toBeTruthy();
    expect(api.calls.some((c) => c.id === 'strategy.create')).toBe(false);

    fireEvent.change(screen.getByLabelText('نام استراتژی'), { target: { value: 'تقاطع من' } });
    server.state.failNext['strategy.create'] = new ApiError('HTTP_ERROR', 422, { detail: [{ loc: ['body', 'body', 'rules', 1, 'name'], msg: 'rule name reserved by the server', type: 'custom' }] }, 'x');
    fireEvent.click(screen.getByRole('button', { name: 'ساختن استراتژی' }));
    const second = screen.getAllByTestId('rule')[1]!;
    expect(await within(second).findByText('rule name reserved by the server')).toBeTruthy();

    // Changing the body clears the server's word about the old one.
    fireEvent.change(within(second).getByRole('textbox', { name: 'نام قاعده' }), { target: { value: 'trend_down2' } });
    await waitFor(() => expect(within(screen.getAllByTestId('rule')[1]!).queryByText('rule name reserved by the server')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'ساختن استراتژی' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/strategies/100'));
    expect(api.calls.filter((c) => c.id === 'strategy.create').at(-1)!.input.body).toMatchObject({ name: 'تقاطع من', timeframe: '1h', body: { rules: [{ name: 'trend_up' }, { name: 'trend_down2' }] } });
    expect(await screen.findByRole('heading', { name: 'تقاطع من' })).toBeTruthy();
    expect(screen.getAllByTestId('rule-summary')[0]!.textContent).toContain('‹fast› رو به بالا قطع می‌کند ‹slow›');
  });

  it('starts a new strategy from a copy of a built-in one', async () => {
    renderSignals(routes, { path: '/strategies/new?from=7' });
    expect(((await screen.findByLabelText('نام استراتژی')) as HTMLInputElement).value).toBe('رونوشت EMA cross');
    expect(screen.getAllByTestId('rule').map((r) => r.getAttribute('data-name'))).toEqual(['trend_up', 'trend_down']);
  });

  it('lets an admin edit a built-in strategy, which makes a new version', async () => {
    const { api } = renderSignals(routes, { path: '/strategies/7/edit', user: { ...USER, is_superuser: true } });
    await screen.findByRole('form', { name: 'ویرایش استراتژی' });
    fireEvent.change(screen.getByRole('spinbutton', { name: /آستانهٔ ورود/ }), { target: { value: '55' } });
    fireEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/strategies/7'));
    expect(api.calls.find((c) => c.id === 'strategy.update')!.input).toMatchObject({ params: { id: 7 }, body: { body: { entry: 55 } } });
    expect(await screen.findByText(/نسخهٔ ۲/)).toBeTruthy();
  });

  it('tells a user they cannot edit a built-in strategy', async () => {
    renderSignals(routes, { path: '/strategies/7/edit' });
    expect(await screen.findByText('تنها مالک این استراتژی (و برای استراتژی‌های آماده، مدیر) می‌تواند آن را تغییر دهد.')).toBeTruthy();
  });
});
