/** The loudness 0…1 of a block of 8-bit audio samples (128 = silence), scaled so normal speech fills most of the bar. */
export function levelOf(samples: Uint8Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
  return Math.min(1, Math.sqrt(sum / samples.length) * 4);
}
