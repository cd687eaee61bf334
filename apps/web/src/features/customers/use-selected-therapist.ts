import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setUiState, useUiState } from '../../lib/ui-state';
import { customerKeys, listPracticeTherapists } from './api';
import { pickTherapistId } from './therapist-choice';

/**
 * The practice's therapists and the selected one (UI state, shared by the sidebar filter and the invoice settings).
 * The first therapist is selected until someone chooses.
 */
export function useSelectedTherapist(customerId: number | null, enabled = true) {
  const query = useQuery({
    queryKey: customerKeys.therapists(customerId ?? 0),
    queryFn: () => listPracticeTherapists(customerId ?? 0),
    enabled: enabled && customerId !== null,
  });
  const storedId = useUiState('selectedTherapistId');
  const therapists = query.data ?? [];
  const selectedId = query.data ? pickTherapistId(query.data, storedId) : null;

  useEffect(() => {
    // Keep the stored choice valid, so later screens (calendar, billing) read the same therapist.
    if (query.data && selectedId !== storedId) setUiState('selectedTherapistId', selectedId);
  }, [query.data, selectedId, storedId]);

  return {
    therapists,
    selectedId,
    select: (id: number | null) => setUiState('selectedTherapistId', id),
    isPending: query.isPending && enabled && customerId !== null,
    isError: query.isError,
  };
}
