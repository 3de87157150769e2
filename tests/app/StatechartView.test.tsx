import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createInspector, type InspectedActor } from '../../src/actors/inspector';
import { initI18n, type AppLanguage } from '../../src/i18n';
import { StatechartsView } from '../../src/views/statecharts/StatechartsView';
import { StatechartView } from '../../src/views/statecharts/StatechartView';
import StatechartsPage from '../../src/views/pages/StatechartsPage';
import { renderWithSystem } from './support/renderWithSystem';

const door = createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { 'door.open': 'opened', 'door.lock': { target: 'locked', guard: 'canLock' } } },
    opened: { after: { 30_000: 'closed' }, on: { 'door.close': 'closed' } },
    locked: {
      initial: 'bolted',
      states: { bolted: { on: { 'door.unbolt': 'unbolted' } }, unbolted: { type: 'final' } },
      onDone: 'closed',
    },
  },
}).provide({ guards: { canLock: () => true } });

const editor = createMachine({
  id: 'editor',
  type: 'parallel',
  states: {
    bold: { initial: 'off', states: { off: { on: { 'bold.toggle': 'on' } }, on: { on: { 'bold.toggle': 'off' } } } },
    italic: { initial: 'off', states: { off: { on: { 'italic.toggle': 'on' } }, on: {} } },
  },
});

function renderIn(ui: ReactNode, language: AppLanguage = 'en-US') {
  return render(<I18nextProvider i18n={initI18n(language)}>{ui}</I18nextProvider>);
}

const stateNode = (container: HTMLElement, id: string) => container.querySelector(`[data-state-id="${id}"]`)!;
const activeIds = (container: HTMLElement) => [...container.querySelectorAll('[aria-current="true"]')].map((el) => el.getAttribute('data-state-id'));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('StatechartView', () => {
  it('draws every state, its transitions labelled `event [guard]`, and the initial markers', () => {
    const { container } = renderIn(<StatechartView machine={door} />);
    expect([...container.querySelectorAll('[data-state-id]')].map((el) => el.getAttribute('data-state-id'))).toEqual([
      'door',
      'door.closed',
      'door.opened',
      'door.locked',
      'door.locked.bolted',
      'door.locked.unbolted',
    ]);
    const rows = [...container.querySelectorAll('[data-transition]')].map((el) => el.textContent);
    expect(rows).toEqual(['door.open', 'door.lock [canLock]', 'door.close', 'after 30s', 'done', 'door.unbolt']);
    expect(container.querySelectorAll('polyline[data-edge]')).toHaveLength(6);
    expect([...container.querySelectorAll('[data-initial]')].map((el) => el.getAttribute('data-initial'))).toEqual(['door.closed', 'door.locked.bolted']);
    expect(stateNode(container, 'door.locked.unbolted').getAttribute('data-kind')).toBe('final');
    // Without an actor nothing is highlighted.
    expect(activeIds(container)).toEqual([]);
    expect(screen.getByRole('group', { name: 'Statechart of the door machine' })).toBeTruthy();
  });

  it("highlights the live actor's active states and moves the highlight as it changes", () => {
    vi.useFakeTimers();
    const actor = createActor(door).start();
    const { container } = renderIn(<StatechartView machine={door} actor={actor} />);
    expect(activeIds(container)).toEqual(['door', 'door.closed']);
    expect(stateNode(container, 'door.opened').getAttribute('data-active')).toBe('false');

    act(() => actor.send({ type: 'door.open' }));
    expect(activeIds(container)).toEqual(['door', 'door.opened']);
    expect(stateNode(container, 'door.opened').getAttribute('data-active')).toBe('true');
    expect(stateNode(container, 'door.closed').getAttribute('aria-current')).toBeNull();

    act(() => vi.advanceTimersByTime(30_000));
    expect(activeIds(container)).toEqual(['door', 'door.closed']);

    act(() => actor.send({ type: 'door.lock' }));
    expect(activeIds(container)).toEqual(['door', 'door.locked', 'door.locked.bolted']);
    // The arrows that can fire now are drawn live.
    expect(container.querySelector('[data-edge="door.locked.bolted#0->door.locked.unbolted"]')!.getAttribute('class')).toContain('emerald');
    expect(container.querySelector('[data-edge="door.closed#0->door.opened"]')!.getAttribute('class')).not.toContain('emerald');
    actor.stop();
  });

  it('dashes parallel regions and highlights each active region', () => {
    const actor = createActor(editor).start();
    const { container } = renderIn(<StatechartView machine={editor} actor={actor} />);
    const region = stateNode(container, 'editor.bold').querySelector('rect')!;
    expect(region.getAttribute('stroke-dasharray')).toBe('6 4');
    expect(stateNode(container, 'editor').querySelector('rect')!.getAttribute('stroke-dasharray')).toBeNull();
    expect(activeIds(container)).toEqual(['editor', 'editor.bold', 'editor.bold.off', 'editor.italic', 'editor.italic.off']);
    act(() => actor.send({ type: 'italic.toggle' }));
    expect(activeIds(container)).toEqual(['editor', 'editor.bold', 'editor.bold.off', 'editor.italic', 'editor.italic.on']);
    actor.stop();
  });

  it('keeps the drawing left-to-right inside a right-to-left page', () => {
    const { container } = renderIn(
      <div dir="rtl">
        <StatechartView machine={door} />
      </div>,
      'fa-IR',
    );
    expect(container.querySelector('svg')!.parentElement!.getAttribute('dir')).toBe('ltr');
    expect(screen.getByRole('group', { name: 'نمودار حالت ماشین door' })).toBeTruthy();
  });
});

describe('StatechartsView', () => {
  function system() {
    const inspector = createInspector();
    const doorActor = createActor(door, { inspect: inspector.inspect });
    const editorActor = createActor(editor, { inspect: inspector.inspect });
    inspector.name(doorActor, 'door');
    inspector.name(editorActor, 'editor');
    doorActor.start();
    editorActor.start();
    const actors: InspectedActor[] = [
      { id: 'door', machine: door, ref: doorActor },
      { id: 'editor', machine: editor, ref: editorActor },
    ];
    return { inspector, actors, doorActor, editorActor };
  }

  it('lists the running actors with their live states and switches the drawing between them', () => {
    const { inspector, actors, doorActor } = system();
    const { container } = renderIn(<StatechartsView actors={actors} inspector={inspector} />);
    const list = screen.getByRole('list', { name: 'Running actors' });
    const doorButton = within(list).getByRole('button', { name: /door/ });
    expect(doorButton.getAttribute('aria-pressed')).toBe('true');
    expect(doorButton.textContent).toContain('closed');
    expect(screen.getByTestId('state-value').textContent).toBe('closed');

    act(() => doorActor.send({ type: 'door.open' }));
    expect(doorButton.textContent).toContain('opened');
    expect(screen.getByTestId('state-value').textContent).toBe('opened');
    expect(activeIds(container)).toEqual(['door', 'door.opened']);

    fireEvent.click(within(list).getByRole('button', { name: /editor/ }));
    expect(screen.getByTestId('state-value').textContent).toBe('bold.off, italic.off');
    expect(stateNode(container, 'editor.bold')).toBeTruthy();
    expect(stateNode(container, 'door.closed')).toBeNull();
  });

  it("shows the chosen actor's recent events live, newest first", () => {
    const { inspector, actors, doorActor } = system();
    renderIn(<StatechartsView actors={actors} inspector={inspector} />);
    act(() => doorActor.send({ type: 'door.open' }));
    act(() => doorActor.send({ type: 'door.close' }));
    const events = screen.getByRole('list', { name: 'Recent events' });
    expect(within(events).getAllByRole('listitem').map((item) => item.querySelector('code')!.textContent)).toEqual([
      'door.close',
      'door.open',
      'xstate.init',
    ]);
  });

  it("exports the machine's JSON definition as a download", async () => {
    const { inspector, actors } = system();
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:door';
    });
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.download} ${this.href}`);
    });
    renderIn(<StatechartsView actors={actors} inspector={inspector} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(clicks).toEqual(['door.json blob:door']);
    const definition = JSON.parse(await created[0]!.text());
    expect(definition).toMatchObject({ id: 'door', states: { locked: { type: 'compound' } } });
    await vi.waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:door'));
    click.mockRestore();
    vi.unstubAllGlobals();
  });

  it('says so when an actor has no recorded events', () => {
    const { actors } = system();
    renderIn(<StatechartsView actors={actors} inspector={createInspector()} />);
    expect(screen.getByText('No events recorded yet.')).toBeTruthy();
  });

  it('says so when no actor is running', () => {
    renderIn(<StatechartsView actors={[]} inspector={createInspector()} />, 'fa-IR');
    expect(screen.getByText('هیچ بازیگری در حال اجرا نیست.')).toBeTruthy();
  });
});

describe('StatechartsPage', () => {
  const user = { id: 1, email: 'admin@b.test', full_name: 'Admin', is_active: true, is_superuser: true, created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z' };
  afterEach(() => localStorage.clear());

  it("lists the app system's actors, including the socket opened after sign-in, and follows them live", async () => {
    localStorage.setItem('user', JSON.stringify({ ...user, access_token: 'token-1' }));
    const { system } = renderWithSystem(<StatechartsPage />, {
      language: 'en-US',
      routes: {
        'accounts.me': () => user,
        'config.get': () => {
          throw new Error('offline');
        },
      },
    });
    const list = screen.getByRole('list', { name: 'Running actors' });
    for (const id of ['auth', 'shell', 'notifications', 'queries', 'ui']) expect(within(list).getByRole('button', { name: new RegExp(`^${id}`) })).toBeTruthy();
    // Signing in (the stored session validates) opens the app socket: it joins the list.
    await within(list).findByRole('button', { name: /^socket:app/ });

    fireEvent.click(within(list).getByRole('button', { name: /^shell/ }));
    act(() => system.shell.send({ type: 'shell.toggleSidebar' }));
    const events = screen.getByRole('list', { name: 'Recent events' });
    expect(within(events).getAllByRole('listitem')[0]!.querySelector('code')!.textContent).toBe('shell.toggleSidebar');
    system.stop();
  });
});
