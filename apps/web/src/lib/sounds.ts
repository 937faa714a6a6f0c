// Short interface sounds from Web Audio (no audio files): played only while the soundEnabled setting is on.
import { useAccessibilityStore } from "./accessibility-settings";

const TONES = { on: 880, off: 440, open: 660 } as const;
export type Cue = keyof typeof TONES;

let context: AudioContext | null = null;

export function playCue(cue: Cue): void {
  if (!useAccessibilityStore.getState().settings.soundEnabled) return;
  if (typeof window.AudioContext !== "function") return;
  try {
    context ??= new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = TONES[cue];
    gain.gain.setValueAtTime(0.05, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.12);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.12);
  } catch {
    // Audio blocked (no user gesture yet, or no output device): silence is fine.
  }
}
