import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After a failed save the first marked field (in page order) is scrolled into the middle of the view and takes the
 * focus: the person sees what to fix, and keyboard and screen-reader users land on it. A save that fails may set
 * its messages in several forms at once, so `request` waits for the render that shows them before looking.
 */
export function useFocusFirstInvalid<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests === 0) return;
    const field = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.scrollIntoView({ block: 'center' });
    field.focus({ preventScroll: true });
  }, [requests]);
  const request = useCallback(() => setRequests((count) => count + 1), []);
  return { ref, request };
}
