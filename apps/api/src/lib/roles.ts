import { hasRole, Role, THERAPISTS } from '@praxia/shared';
import type { Actor } from '../plugins/actor.js';

/** Assistants and owners work for the whole practice; a therapist alone sees only their own patients. */
export const actsForPractice = (actor: Actor) => hasRole(actor.roles, Role.SECRETARY | Role.CUSTOMER_ADMIN);
export const isTherapist = (actor: Actor) => hasRole(actor.roles, THERAPISTS);
