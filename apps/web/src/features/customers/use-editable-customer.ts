import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { handleApiError } from '../../lib/notify';
import { customerKeys, getCustomer } from './api';

/**
 * Loads a practice for a settings form: always what the server holds now (no cached copy, not reset under the
 * user's hands); a refused load (403) goes back, as the spec says for the detail page.
 */
export function useEditableCustomer(id: number | null, goBack: () => void) {
  const query = useQuery({
    queryKey: customerKeys.detail(id ?? 0),
    queryFn: () => getCustomer(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const { error } = query;
  useEffect(() => {
    if (!error) return;
    if (handleApiError('customerLoad', error).effect === 'goBack') goBack();
  }, [error, goBack]);
  return query;
}
