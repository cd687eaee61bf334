import type { FeatureNavigation } from '../../app/feature';

const paths = {
  login: '/login',
  logout: '/logout',
  register: '/registrieren',
  resetPassword: '/password/reset',
  setPassword: '/password/set',
  setEmail: '/email/set',
  confirmRegistration: '/registration/confirm',
} as const;

export const authNavigation = {
  paths,
  sidebar: [],
} satisfies FeatureNavigation;
