import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { Notification } from '../../../contract/notifications/schemas';
import { useAppSystem } from '../../actors/hooks';
import { playChime, readSoundSetting, UI_SOUND } from './sound';

/** How long a toast stays unless closed; at most this many are shown, newest first. */
export const TOAST_MS = 10_000;
export const MAX_TOASTS = 3;
/** Priority 40; the literal keeps zod (contract/codes) out of the shell's chunk. */
const URGENT = 40;

/**
 * Urgent notifications (priority 40) as they are created live: shown as toasts and, when the
 * user turned the sound on, announced with the chime. `play` is swappable for tests.
 */
export function useUrgentToasts(play: () => unknown = playChime) {
  const system = useAppSystem();
  const soundOn = useSelector(system.ui, (s) => readSoundSetting(s.context.items[UI_SOUND]));
  const [toasts, setToasts] = useState<Notification[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const close = (id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((n) => n.id !== id));
  };

  useEffect(() => {
    const live = timers.current;
    const stop = system.onNotification((event, notification) => {
      // An urgent one already on screen that changes (seen elsewhere, deleted) closes its toast.
      if (event !== 'created') {
        if (notification.status !== 10 || event === 'deleted') {
          clearTimeout(live.get(notification.id));
          live.delete(notification.id);
          setToasts((list) => list.filter((n) => n.id !== notification.id));
        }
        return;
      }
      if (notification.priority !== URGENT) return;
      setToasts((list) => [notification, ...list.filter((n) => n.id !== notification.id)].slice(0, MAX_TOASTS));
      live.set(notification.id, setTimeout(() => {
        live.delete(notification.id);
        setToasts((list) => list.filter((n) => n.id !== notification.id));
      }, TOAST_MS));
      // Read at the moment it rings, so a change made a second ago counts.
      if (readSoundSetting(system.ui.getSnapshot().context.items[UI_SOUND])) play();
    });
    return () => {
      stop();
      for (const timer of live.values()) clearTimeout(timer);
      live.clear();
    };
  }, [system, play]);

  const setSound = (on: boolean) => system.ui.send({ type: 'ui.set', id: UI_SOUND, value: on, persist: true });
  return { toasts, close, soundOn, setSound };
}
