import type { Ringtone } from '@numbernest/contracts';

/** One note of a ringtone: frequency (Hz), start and length (s) and a waveform. */
interface Note {
  hz: number;
  at: number;
  length: number;
  wave: OscillatorType;
}

const note = (hz: number, at: number, length: number, wave: OscillatorType = 'sine'): Note => ({ hz, at, length, wave });

/** Each ringtone is a short synthesized phrase (no audio files to download). */
export const ringtoneNotes: Record<Ringtone, Note[]> = {
  default: [note(880, 0, 0.12), note(1320, 0.14, 0.18)],
  chime: [note(523.25, 0, 0.35), note(659.25, 0.12, 0.35), note(783.99, 0.24, 0.5)],
  bell: [note(987.77, 0, 0.9, 'triangle'), note(1975.5, 0, 0.5)],
  pulse: [note(660, 0, 0.08, 'square'), note(660, 0.16, 0.08, 'square'), note(660, 0.32, 0.08, 'square')],
  none: [],
};

type AudioContextClass = typeof AudioContext;
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  const Context =
    (globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass }).AudioContext ??
    (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Context) return null;
  context ??= new Context();
  return context;
}

/** Plays a ringtone through the Web Audio API; answers false where there is no audio. */
export function playRingtone(ringtone: Ringtone): boolean {
  const notes = ringtoneNotes[ringtone];
  const audio = notes.length ? audioContext() : null;
  if (!audio) return false;
  void audio.resume();
  const start = audio.currentTime + 0.02;
  for (const { hz, at, length, wave } of notes) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = wave;
    oscillator.frequency.value = hz;
    // A quick attack and an exponential fade, so notes do not click.
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(wave === 'square' ? 0.06 : 0.2, start + at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start + at);
    oscillator.stop(start + at + length + 0.05);
  }
  return true;
}
