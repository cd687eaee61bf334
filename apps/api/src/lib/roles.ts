import { hasRole, Role, THERAPISTS } from '@praxia/shared';
import type { Actor } from '../plugins/actor.js';

export const isAdmin = (actor: Actor) => hasRole(actor.roles, Role.ADMIN);
export const isTherapist = (actor: Actor) => hasRole(actor.roles, THERAPISTS);
