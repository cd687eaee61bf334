import type { Stage } from './call-state';
import type { PeerStatus } from './peer-call';

/*
 * The call's state as data attributes on <body> (data-stage, data-connection-state, data-connection-kind,
 * data-audio-bytes-received, data-video-bytes-received), always set, in production too. The end-to-end test reads
 * them to see that the peers connected and that media arrive. Harmless: they tell only what this tab's own page
 * already shows (the stage, the "direct" indicator) plus two byte counters of its own call — no address, no
 * description, nothing of the other side that the page does not hold anyway; only scripts of our own origin
 * (CSP script-src 'self') can read the DOM.
 */
export function publishForTests(stage: Stage, status: PeerStatus | null): void {
  const data = document.body.dataset;
  data.stage = stage;
  data.connectionState = status?.connectionState ?? 'none';
  data.connectionKind = status?.kind ?? 'none';
  data.audioBytesReceived = String(status?.bytesReceived.audio ?? 0);
  data.videoBytesReceived = String(status?.bytesReceived.video ?? 0);
}
