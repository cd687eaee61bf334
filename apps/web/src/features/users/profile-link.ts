import { handleApiError, notifySuccess } from '../../lib/notify';
import { publicProfilePath } from './navigation';

/** Copies a therapist's public profile link for one practice (people §2) and says so. */
export async function copyProfileLink(userId: number, customerId: number): Promise<void> {
  try {
    await navigator.clipboard.writeText(`${window.location.origin}${publicProfilePath(userId, customerId)}`);
    notifySuccess('profile.linkCopied');
  } catch (error) {
    handleApiError('default', error);
  }
}
