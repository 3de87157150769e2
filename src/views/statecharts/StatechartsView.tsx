import { useSelector } from '@xstate/react';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyActorRef } from 'xstate';
import type { InspectedActor, Inspector, RecordedEvent } from '../../actors/inspector';
import { formatDateTime } from '../../i18n/format';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { exportMachineJson, formatStateValue } from './machineGraph';
import { StatechartView } from './StatechartView';

export type EventSource = Pick<Inspector, 'recent' | 'subscribe'>;

/**
 * The visualizer screen without its data source: the running actors (each with its live state),
 * the chosen one's machine drawn with its active states, its state value, status and tags, its
 * recent events (newest first) and a JSON export of its machine.
 */
export function StatechartsView({ actors, inspector }: { actors: readonly InspectedActor[]; inspector: EventSource }) {
  const { t } = useTranslation();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const selected = actors.find((actor) => actor.id === chosenId) ?? actors[0];

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold">{t('statecharts.title')}</h1>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('statecharts.subtitle')}</p>
      </header>
      {selected ? (
        <div className="grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <Card title={t('statecharts.actors')}>
            <ul aria-label={t('statecharts.actors')} className="space-y-1">
              {actors.map((actor) => (
                <li key={actor.id}>
                  <ActorButton actor={actor} selected={actor.id === selected.id} onSelect={() => setChosenId(actor.id)} />
                </li>
              ))}
            </ul>
          </Card>
          <div className="min-w-0 space-y-4">
            <Card>
              <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
                <h2 className="text-base font-semibold text-slate-800 dark:text-slate-100">
                  {t('statecharts.machine')}: <code dir="ltr">{selected.machine.id}</code>
                </h2>
                <Button kind="secondary" onClick={() => downloadText(`${selected.machine.id}.json`, exportMachineJson(selected.machine))}>
                  {t('statecharts.exportJson')}
                </Button>
              </div>
              <StatechartView key={selected.id} machine={selected.machine} actor={selected.ref} />
            </Card>
            <div className="grid gap-4 md:grid-cols-2">
              <Card title={t('statecharts.currentState')}>
                <ActorState actorRef={selected.ref} />
              </Card>
              <Card title={t('statecharts.recentEvents')}>
                <RecentEvents inspector={inspector} actorId={selected.id} />
              </Card>
            </div>
          </div>
        </div>
      ) : (
        <Card>
          <p className="text-sm text-slate-500">{t('statecharts.noActors')}</p>
        </Card>
      )}
    </div>
  );
}

function ActorButton({ actor, selected, onSelect }: { actor: InspectedActor; selected: boolean; onSelect: () => void }) {
  const value = useSelector(actor.ref, (snapshot) => formatStateValue(snapshot.value));
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onSelect}
      className={`block w-full rounded-lg px-3 py-2 text-start text-sm ${
        selected ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700'
      }`}
    >
      <span className="block font-medium" dir="ltr">
        {actor.id}
      </span>
      <span className="block truncate font-mono text-xs text-slate-500 dark:text-slate-400" dir="ltr">
        {value}
      </span>
    </button>
  );
}

const STATUSES = ['active', 'done', 'error', 'stopped'] as const;

function ActorState({ actorRef }: { actorRef: AnyActorRef }) {
  const { t } = useTranslation();
  const value = useSelector(actorRef, (snapshot) => formatStateValue(snapshot.value));
  const status = useSelector(actorRef, (snapshot) => snapshot.status as (typeof STATUSES)[number]);
  const tags = useSelector(actorRef, (snapshot) => [...(snapshot.tags as Set<string>)].join(', '));
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      <dt className="text-slate-500">{t('statecharts.stateValue')}</dt>
      <dd data-testid="state-value" className="font-mono" dir="ltr">
        {value}
      </dd>
      <dt className="text-slate-500">{t('statecharts.status')}</dt>
      <dd>{STATUSES.includes(status) ? t(`statecharts.statuses.${status}`) : status}</dd>
      <dt className="text-slate-500">{t('statecharts.tags')}</dt>
      <dd className="font-mono" dir="ltr">
        {tags || '—'}
      </dd>
    </dl>
  );
}

/** The actor's recorded events, newest first, re-read whenever the inspector records one. */
function useRecentEvents(inspector: EventSource, actorId: string): RecordedEvent[] {
  const subscribe = useCallback((onChange: () => void) => inspector.subscribe(onChange), [inspector]);
  // The inspector appends in place, so the latest entry (a new object each time) marks a change.
  const latest = useCallback(() => inspector.recent(actorId).at(-1), [inspector, actorId]);
  useSyncExternalStore(subscribe, latest, latest);
  return [...inspector.recent(actorId)].reverse();
}

function RecentEvents({ inspector, actorId }: { inspector: EventSource; actorId: string }) {
  const { t, i18n } = useTranslation();
  const events = useRecentEvents(inspector, actorId);
  if (!events.length) return <p className="text-sm text-slate-500">{t('statecharts.noEvents')}</p>;
  return (
    <ol aria-label={t('statecharts.recentEvents')} className="max-h-72 space-y-1 overflow-auto text-sm">
      {events.map((event, index) => (
        <li key={`${event.at}:${events.length - index}`} className="flex items-baseline justify-between gap-3">
          <code dir="ltr" className="truncate">
            {event.type}
          </code>
          <time dateTime={new Date(event.at).toISOString()} className="shrink-0 text-xs tabular-nums text-slate-500">
            {formatDateTime(event.at, i18n.language, { timeStyle: 'medium' })}
          </time>
        </li>
      ))}
    </ol>
  );
}

/** Saves `text` as a file through a Blob and an object URL. */
function downloadText(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
