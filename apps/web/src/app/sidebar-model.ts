import { can, getTrialState, type Resource, type User } from '@praxia/shared';
import { isTrialExpired } from './after-login';
import { paths } from './paths';

/** Keys double as `data-testid="nav-<key>"` and as catalogue keys under 'nav'. */
export type SidebarKey =
  | 'main'
  | 'customers'
  | 'calendar'
  | 'patients'
  | 'invoices'
  | 'settings'
  | 'appointmentTypes'
  | 'profile'
  | 'invoiceSettings'
  | 'userList'
  | 'upgrade'
  | 'logout'
  | 'help'
  | 'terms'
  | 'imprint'
  | 'privacy'
  | 'processingAgreement';

/** 'route' stays in the app; 'file' opens a PDF in a new tab; 'download' saves it. */
export type SidebarLink = { key: SidebarKey; to: string; kind: 'route' | 'file' | 'download' };

export type SidebarModel = {
  top: SidebarLink[];
  settings: { link: SidebarLink; children: SidebarLink[] } | null;
  upgrade: SidebarLink | null;
  showTherapistFilter: boolean;
  bottom: SidebarLink[];
};

type Entry = { key: SidebarKey; to: string; resource: Resource };

const TOP: Entry[] = [
  { key: 'main', to: paths.main, resource: 'main' },
  { key: 'customers', to: paths.customerList, resource: 'customer' },
  { key: 'calendar', to: paths.appointmentList, resource: 'appointment' },
  { key: 'patients', to: paths.patientList, resource: 'patient' },
  { key: 'invoices', to: paths.invoiceList, resource: 'invoice' },
];

const SETTINGS: Entry[] = [
  { key: 'appointmentTypes', to: paths.appointmentTypes, resource: 'appointmentType' },
  { key: 'profile', to: paths.profile, resource: 'user' },
  { key: 'invoiceSettings', to: paths.invoiceSettings, resource: 'customerDetail' },
  { key: 'userList', to: paths.userList, resource: 'userList' },
];

const route = (key: SidebarKey, to: string): SidebarLink => ({ key, to, kind: 'route' });

/**
 * Which sidebar entries a user sees (spec foundations §2 Sidebar): each only with read permission; an upgrade entry
 * while a trial runs; once it has expired nothing but the upgrade entry and the bottom links.
 */
export function getSidebarModel(
  user: Pick<User, 'roles' | 'trialExpiresAt'>,
  files: { terms: string; processingAgreement: string },
  now: Date = new Date(),
): SidebarModel {
  const { roles } = user;
  const readable = (entries: Entry[]) =>
    entries.filter((entry) => can(roles, entry.resource, 'read')).map((entry) => route(entry.key, entry.to));

  const bottom: SidebarLink[] = [
    route('logout', paths.logout),
    route('help', paths.help),
    { key: 'terms', to: files.terms, kind: 'file' },
    route('imprint', paths.imprint),
    route('privacy', paths.privacy),
  ];
  if (can(roles, 'processingAgreement', 'read')) {
    bottom.push({ key: 'processingAgreement', to: files.processingAgreement, kind: 'download' });
  }
  const showTherapistFilter = can(roles, 'appointmentOthers', 'read');
  const upgradeLink = route('upgrade', paths.upgrade);

  if (isTrialExpired(user, now)) {
    return { top: [], settings: null, upgrade: upgradeLink, showTherapistFilter, bottom };
  }
  return {
    top: readable(TOP),
    settings: can(roles, 'settings', 'read')
      ? { link: route('settings', paths.settings), children: readable(SETTINGS) }
      : null,
    upgrade: getTrialState(user.trialExpiresAt, now) === 'running' ? upgradeLink : null,
    showTherapistFilter,
    bottom,
  };
}
