/** @jsxImportSource preact */
import { useEffect, useRef } from 'preact/hooks';
import { levelOf } from './audio-level';
import { useTexts } from './texts';

/**
 * The microphone's level (Web Audio AnalyserNode), so a patient sees that the microphone hears them before joining.
 * Drawn straight into the <meter> on each frame, without re-rendering the page.
 */
export function LevelMeter({ track }: { track: MediaStreamTrack }) {
  const { t } = useTexts();
  const meterRef = useRef<HTMLMeterElement>(null);

  useEffect(() => {
    const AudioContextClass = window.AudioContext;
    if (!AudioContextClass) return;
    const context = new AudioContextClass();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let frame = 0;
    const draw = () => {
      analyser.getByteTimeDomainData(samples);
      if (meterRef.current) meterRef.current.value = levelOf(samples);
      frame = requestAnimationFrame(draw);
    };
    draw();
    // A context made before any click may start suspended; the first click anywhere wakes it.
    const resume = () => void context.resume();
    document.addEventListener('click', resume, { once: true });
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('click', resume);
      void context.close();
    };
  }, [track]);

  return (
    <div class="level">
      <label for="mic-level">{t('micLevel')}</label>
      <meter id="mic-level" ref={meterRef} min={0} max={1} low={0.05} high={0.9} optimum={0.5} value={0} />
      <p class="small">{t('micLevelHint')}</p>
    </div>
  );
}
