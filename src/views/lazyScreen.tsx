import { useActorRef, useSelector } from '@xstate/react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { chunkLoaderMachine } from '../machines/chunkLoaderMachine';
import { Button } from './components/Button';
import { Spinner } from './components/Spinner';

type Loader = () => Promise<{ default: ComponentType }>;

/** Screens already loaded: a second visit renders at once. */
const loaded = new Map<string, ComponentType>();

/**
 * A screen whose code loads on demand, tracked by the chunk-loader machine: a pulsing spinner
 * while it loads; "Loading chunk failed" with its type and request, and a retry, when the load
 * fails or passes 120 s.
 */
export function lazyScreen(name: string, load: Loader): ComponentType {
  const logic = chunkLoaderMachine.provide({
    actors: {
      loadChunk: fromPromise<unknown, { chunk: string }>(async () => {
        const module = await load();
        loaded.set(name, module.default);
        return module;
      }),
    },
  });

  function LazyScreen() {
    const { t } = useTranslation();
    const Ready = loaded.get(name);
    const actor = useActorRef(logic, { input: { chunk: name, timeoutMs: 120_000 } });
    const state = useSelector(actor, (s) => (s.matches('loaded') ? 'loaded' : s.matches('failed') ? 'failed' : 'loading'));
    const error = useSelector(actor, (s) => s.context.error);
    if (Ready) return <Ready />;
    if (state === 'failed') {
      return (
        <div role="alert" className="mx-auto mt-16 max-w-md space-y-3 text-center">
          <p className="text-lg font-semibold text-rose-700">{t('errors.chunkFailed')}</p>
          <p className="text-sm text-slate-500" dir="ltr">
            {t('errors.chunkDetail', { type: error?.type ?? 'error', request: error?.request ?? name })}
          </p>
          <Button onClick={() => actor.send({ type: 'chunk.retry' })}>{t('common.retry')}</Button>
        </div>
      );
    }
    const Component = loaded.get(name);
    return state === 'loaded' && Component ? <Component /> : <Spinner />;
  }
  LazyScreen.displayName = `Lazy(${name})`;
  return LazyScreen;
}
