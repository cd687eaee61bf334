import type { totpDisableSchema } from '@praxia/shared';
import type { z } from 'zod';
import { api, dataOf } from '../../lib/api-client';

export const mfaStatusKey = ['mfaStatus'] as const;

export const getMfaStatus = () => dataOf(api.GET('/api/user/mfa'));

export const startTotpEnrolment = () => dataOf(api.POST('/api/user/mfa/totp'));

export const confirmTotp = (code: string) => dataOf(api.POST('/api/user/mfa/totp/confirm', { body: { code } }));

export const disableTotp = (body: z.input<typeof totpDisableSchema>) =>
  dataOf(api.DELETE('/api/user/mfa/totp', { body }));

/** The owner's reset of a staff member's second factors. */
export const resetSecondFactors = (userId: number) =>
  dataOf(api.DELETE('/api/user/{id}/mfa', { params: { path: { id: userId } } }));
