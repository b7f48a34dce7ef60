import { afterEach, describe, expect, it, vi } from 'vitest';

/** Just enough of the Web Audio API to count the notes a ringtone plays. */
class FakeAudioContext {
  static oscillators: Array<{ type: string; frequency: { value: number }; started: number }> = [];
  currentTime = 0;
  destination = {};
  resume = vi.fn(async () => undefined);
  createOscillator() {
    const node = {
      type: 'sine',
      frequency: { value: 0 },
      started: -1,
      connect: (next: unknown) => next,
      start: (at: number) => (node.started = at),
      stop: vi.fn(),
    };
    FakeAudioContext.oscillators.push(node);
    return node;
  }
  createGain() {
    const param = { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() };
    return { gain: param, connect: (next: unknown) => next };
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  FakeAudioContext.oscillators = [];
});

describe('playRingtone', () => {
  it('synthesizes each ringtone as a short phrase of notes', async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const { playRingtone, ringtoneNotes } = await import('./ringtones');
    expect(playRingtone('chime')).toBe(true);
    expect(FakeAudioContext.oscillators.map((o) => o.frequency.value)).toEqual(ringtoneNotes.chime.map((n) => n.hz));
    expect(playRingtone('pulse')).toBe(true);
    expect(FakeAudioContext.oscillators.slice(3).every((o) => o.type === 'square')).toBe(true);
  });

  it("plays nothing for 'none' or without Web Audio", async () => {
    const { playRingtone } = await import('./ringtones');
    expect(playRingtone('default')).toBe(false); // jsdom has no AudioContext
    vi.stubGlobal('AudioContext', FakeAudioContext);
    expect(playRingtone('none')).toBe(false);
    expect(FakeAudioContext.oscillators).toHaveLength(0);
  });
});
