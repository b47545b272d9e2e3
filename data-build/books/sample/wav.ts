// The sample's audio lessons (make-files.ts): the notes of सरगम (सा रे ग म प ध नि सां, just
// intonation from सा = 261.6 Hz) as soft tones, 8-bit mono PCM WAV at 8 kHz: a few seconds
// in a few tens of kilobytes that every browser plays, made with no tool but this.

const RATE = 8000;
const NOTE_S = 0.42;
const GAP_S = 0.08;
/** सा रे ग म प ध नि सां */
const RATIOS = [1, 9 / 8, 5 / 4, 4 / 3, 3 / 2, 5 / 3, 15 / 8, 2];
const SA = 261.63;

export function sargam(notes: number[]): Uint8Array {
  const per = Math.round((NOTE_S + GAP_S) * RATE);
  const sound = Math.round(NOTE_S * RATE);
  const samples = new Uint8Array(per * notes.length).fill(128);
  notes.forEach((n, k) => {
    const f = SA * RATIOS[n]!;
    for (let i = 0; i < sound; i++) {
      // A quick rise and a long fall, so no note clicks.
      const env = Math.min(1, i / (0.02 * RATE)) * Math.pow(1 - i / sound, 1.5);
      const v = Math.sin((2 * Math.PI * f * i) / RATE) + 0.25 * Math.sin((4 * Math.PI * f * i) / RATE);
      samples[k * per + i] = Math.round(128 + 90 * env * v * 0.8);
    }
  });
  const out = new Uint8Array(44 + samples.length);
  const view = new DataView(out.buffer);
  const ascii = (at: number, s: string) => [...s].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples.length, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, RATE, true);
  view.setUint32(28, RATE, true); // bytes a second
  view.setUint16(32, 1, true); // block size
  view.setUint16(34, 8, true); // bits
  ascii(36, 'data');
  view.setUint32(40, samples.length, true);
  out.set(samples, 44);
  return out;
}
