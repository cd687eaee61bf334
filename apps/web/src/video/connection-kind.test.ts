import { describe, expect, it } from 'vitest';
import { bytesReceived, connectionKind, type StatsEntry } from './connection-kind';

const candidates = (local: string, remote: string): StatsEntry[] => [
  { id: 'L1', type: 'local-candidate', candidateType: local },
  { id: 'R1', type: 'remote-candidate', candidateType: remote },
];
const pair = (extra: Partial<StatsEntry> = {}): StatsEntry => ({
  id: 'P1',
  type: 'candidate-pair',
  state: 'succeeded',
  localCandidateId: 'L1',
  remoteCandidateId: 'R1',
  ...extra,
});

describe('connectionKind', () => {
  it('is direct when both ends are host, server-reflexive or peer-reflexive (Chromium: the transport names the pair)', () => {
    for (const [local, remote] of [
      ['host', 'host'],
      ['srflx', 'prflx'],
      ['prflx', 'srflx'],
    ]) {
      const stats = [
        ...candidates(local ?? '', remote ?? ''),
        pair(),
        { id: 'T1', type: 'transport', selectedCandidatePairId: 'P1' },
      ];
      expect(connectionKind(stats), `${local}/${remote}`).toBe('direct');
    }
  });

  it('is relay when either end is a TURN relay', () => {
    expect(connectionKind([...candidates('relay', 'host'), pair({ nominated: true })])).toBe('relay');
    expect(connectionKind([...candidates('srflx', 'relay'), pair({ selected: true })])).toBe('relay');
  });

  it("uses Firefox's selected flag, else a nominated pair, and nothing before a pair succeeded", () => {
    const other: StatsEntry[] = [
      { id: 'L2', type: 'local-candidate', candidateType: 'relay' },
      { id: 'P2', type: 'candidate-pair', state: 'succeeded', localCandidateId: 'L2', remoteCandidateId: 'R1' },
    ];
    expect(connectionKind([...candidates('host', 'host'), ...other, pair({ selected: true })])).toBe('direct');
    expect(connectionKind([...candidates('host', 'host'), pair({ state: 'in-progress', nominated: true })])).toBeNull();
    expect(connectionKind(candidates('host', 'host'))).toBeNull();
  });

  it('is unknown while a candidate of the pair is missing from the report', () => {
    expect(
      connectionKind([{ id: 'L1', type: 'local-candidate', candidateType: 'host' }, pair({ nominated: true })]),
    ).toBeNull();
  });
});

describe('bytesReceived', () => {
  it('sums inbound RTP per kind and ignores everything else', () => {
    const stats: StatsEntry[] = [
      { id: 'a', type: 'inbound-rtp', kind: 'audio', bytesReceived: 100 },
      { id: 'v', type: 'inbound-rtp', kind: 'video', bytesReceived: 5000 },
      { id: 'v2', type: 'inbound-rtp', mediaType: 'video', bytesReceived: 1 },
      { id: 'o', type: 'outbound-rtp', kind: 'video', bytesReceived: 999 },
    ];
    expect(bytesReceived(stats)).toEqual({ audio: 100, video: 5001 });
    expect(bytesReceived([])).toEqual({ audio: 0, video: 0 });
  });
});
