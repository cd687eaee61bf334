import { can } from '@praxia/shared';
import { useCurrentUser } from '../auth/session';
import { therapistName } from '../customers/api';
import { useSelectedTherapist } from '../customers/use-selected-therapist';

/**
 * Whose calendar a screen shows (spec appointments §6): an assistant's therapist chosen in the sidebar, everyone
 * else their own. `therapistId` is null while an assistant's choice is still loading; screens key their queries on
 * it, so a new choice reloads them.
 */
export function useCalendarTherapist() {
  const { user } = useCurrentUser();
  const roles = user?.roles ?? 0;
  const actsForTherapist = can(roles, 'appointmentOthers', 'read');
  const selected = useSelectedTherapist(user?.customerId ?? null, actsForTherapist);
  const therapistId = actsForTherapist ? selected.selectedId : (user?.id ?? null);
  const therapist = actsForTherapist ? selected.therapists.find((entry) => entry.id === therapistId) : undefined;
  return {
    user,
    roles,
    actsForTherapist,
    therapistId,
    /** The therapist's name for an assistant (null for one's own calendar). */
    therapistName: therapist ? therapistName(therapist) : null,
    therapists: selected.therapists,
    isPending: actsForTherapist && selected.isPending,
  };
}
