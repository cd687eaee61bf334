/*
 * Whether the media go straight between the two browsers or through a TURN relay, read from getStats(). Either way
 * they are DTLS-SRTP encrypted end to end (WebRTC has no unencrypted mode, and a relay only forwards the encrypted
 * packets); the indicator tells which path the connection took.
 */

export type ConnectionKind = 'direct' | 'relay';

/** The fields of RTCStats entries this page reads; browsers differ in which they fill. */
export type StatsEntry = {
  id: string;
  type: string;
  state?: string;
  nominated?: boolean;
  /** Firefox's own flag for the pair in use. */
  selected?: boolean;
  selectedCandidatePairId?: string;
  localCandidateId?: string;
  remoteCandidateId?: string;
  candidateType?: string;
  kind?: string;
  mediaType?: string;
  bytesReceived?: number;
};

/** The candidate pair carrying the media: the transport's selected pair, else Firefox's selected, else a nominated one. */
function selectedPair(entries: readonly StatsEntry[]): StatsEntry | undefined {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const transportPair = entries
    .filter((entry) => entry.type === 'transport' && entry.selectedCandidatePairId)
    .map((entry) => byId.get(entry.selectedCandidatePairId ?? ''))
    .find((pair) => pair?.state === 'succeeded');
  if (transportPair) return transportPair;
  const pairs = entries.filter((entry) => entry.type === 'candidate-pair' && entry.state === 'succeeded');
  return pairs.find((pair) => pair.selected) ?? pairs.find((pair) => pair.nominated);
}

/** 'direct' when both ends are host, srflx or prflx candidates; 'relay' when either is a TURN relay; null before. */
export function connectionKind(entries: readonly StatsEntry[]): ConnectionKind | null {
  const pair = selectedPair(entries);
  if (!pair) return null;
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const types = [pair.localCandidateId, pair.remoteCandidateId].map((id) => byId.get(id ?? '')?.candidateType);
  if (types.some((type) => type === undefined)) return null;
  return types.includes('relay') ? 'relay' : 'direct';
}

/** Bytes received so far per kind of media (inbound-rtp); the end-to-end test watches them grow. */
export function bytesReceived(entries: readonly StatsEntry[]): { audio: number; video: number } {
  const sums = { audio: 0, video: 0 };
  for (const entry of entries) {
    if (entry.type !== 'inbound-rtp') continue;
    const kind = entry.kind ?? entry.mediaType;
    if (kind === 'audio' || kind === 'video') sums[kind] += entry.bytesReceived ?? 0;
  }
  return sums;
}
