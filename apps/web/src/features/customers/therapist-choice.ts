/**
 * The therapist an assistant works for (spec foundations §3 UI state 'selected therapist'): the stored choice while
 * that therapist still belongs to the practice, otherwise the first one; null when the practice has none.
 */
export function pickTherapistId(therapists: readonly { id: number }[], storedId: number | null): number | null {
  if (storedId !== null && therapists.some((therapist) => therapist.id === storedId)) return storedId;
  return therapists[0]?.id ?? null;
}
