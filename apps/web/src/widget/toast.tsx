/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import type { TextKey } from './i18n';
import { useTexts } from './texts';

/** Long enough to read the longest message twice; the inline card keeps saying it after the toast is gone. */
const TOAST_MS = 8000;

type Shown = { key: TextKey; count: number };

/** The spec's toasts (§8): one message at a time; the same message again starts its time anew. */
export function useToast() {
  const [shown, setShown] = useState<Shown | null>(null);
  return {
    shown,
    show: (key: TextKey) => setShown((previous) => ({ key, count: (previous?.count ?? 0) + 1 })),
    close: () => setShown(null),
  };
}

/**
 * A toast over the frame's top edge. The live region is always in the page, so screen readers announce what is put
 * into it; it is polite because the inline error card beside it already interrupts as an alert.
 */
export function Toast({ shown, onClose }: { shown: Shown | null; onClose: () => void }) {
  const { t } = useTexts();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each showing (its count) restarts the time; onClose is new each render.
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(onClose, TOAST_MS);
    return () => clearTimeout(timer);
  }, [shown?.count]);
  return (
    <div role="status" class="toast-region">
      {shown && (
        <div class="toast">
          <p>{t(shown.key)}</p>
          <button type="button" class="icon" aria-label={t('close')} onClick={onClose}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
