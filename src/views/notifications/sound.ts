/**
 * The urgent-notification chime, made with the Web Audio API so no audio file is downloaded.
 * Two short sine tones; a browser that blocks audio before a user gesture simply stays silent.
 */

/** The ui machine's item (`ui.notifications.sound` in storage) that remembers the choice. */
export const UI_SOUND = 'notifications.sound';

export const readSoundSetting = (value: unknown): boolean => value === true;

type AudioContextClass = typeof AudioContext;

let shared: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (shared) return shared;
  const Ctor = (globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass }).AudioContext ??
    (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Ctor) return null;
  shared = new Ctor();
  return shared;
}

/** Plays the chime; returns whether audio was available at all (jsdom has none). */
export function playChime(): boolean {
  const context = audioContext();
  if (!context) return false;
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  const start = context.currentTime;
  for (const [offset, frequency] of [[0, 880], [0.18, 1320]] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    // A quick attack and decay so the tone does not click.
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.2, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.16);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.17);
  }
  return true;
}
