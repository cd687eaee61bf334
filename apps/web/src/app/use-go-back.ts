import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** Back to the previous page of this app, or to `fallback` when the page was opened directly (no history). */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    // The router numbers its history entries; 0 is the first page of this tab.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
