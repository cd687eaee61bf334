/** @jsxImportSource preact */
import { useEffect, useRef } from 'preact/hooks';

type Props = {
  stream: MediaStream | null;
  label: string;
  /** The own picture is muted (no echo). */
  isOwn?: boolean;
  /** A chosen loudspeaker ('' the default); browsers without setSinkId play on the default. */
  speakerId?: string;
  class?: string;
};

/** A <video> showing a MediaStream: plays inline on phones, starts by itself (after the visitor's click on "Beitreten"). */
export function VideoElement({ stream, label, isOwn = false, speakerId = '', class: className }: Props) {
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    if (stream) void video.play().catch(() => {});
  }, [stream]);

  useEffect(() => {
    const video = ref.current as (HTMLVideoElement & { setSinkId?: (id: string) => Promise<void> }) | null;
    if (video?.setSinkId && !isOwn) void video.setSinkId(speakerId).catch(() => {});
  }, [speakerId, isOwn]);

  return <video ref={ref} class={className} aria-label={label} autoplay playsInline muted={isOwn} />;
}
