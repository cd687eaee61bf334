import { can, getTrialState, isPatientAccount, type User } from '@praxia/shared';
import type { Icon } from '@tabler/icons-react';
import { isTrialExpired } from './after-login';
import type { FeatureSidebarEntry } from './feature';
import { featureNavigations, paths } from './paths';

/** The links every signed-in user may see, whatever features exist; features bring their own entries with icons. */
export type FixedSidebarKey =
  | 'settings'
  | 'upgrade'
  | 'logout'
  | 'help'
  | 'terms'
  | 'imprint'
  | 'privacy'
  | 'processingAgreement';

/**
 * Keys double as `data-testid="nav-<key>"` and as catalogue keys under 'nav'.
 * 'route' stays in the app; 'page' loads a public page (another entry) in the same tab; 'file' opens a PDF in a new
 * tab; 'download' saves it.
 */
export type SidebarLink = {
  key: string;
  to: string;
  kind: 'route' | 'page' | 'file' | 'download';
  icon?: Icon;
  labelKey?: string;
};

export type SidebarModel = {
  top: SidebarLink[];
  settings: { link: SidebarLink; children: SidebarLink[] } | null;
  upgrade: SidebarLink | null;
  showTherapistFilter: boolean;
  bottom: SidebarLink[];
};

const entries = featureNavigations
  .flatMap((navigation): readonly FeatureSidebarEntry[] => navigation.sidebar)
  .sort((a, b) => a.position - b.position);
const inGroup = (group: FeatureSidebarEntry['group']) => entries.filter((entry) => entry.group === group);

const route = (key: string, to: string): SidebarLink => ({ key, to, kind: 'route' });

/**
 * Which sidebar entries a user sees (spec foundations §2 Sidebar): each only with read permission; an upgrade entry
 * while a trial runs; once it has expired nothing but the upgrade entry and the bottom links.
 */
export function getSidebarModel(
  user: Pick<User, 'roles' | 'trialExpiresAt'>,
  files: { terms: string; patientTerms: string; processingAgreement: string },
  now: Date = new Date(),
): SidebarModel {
  const { roles } = user;
  const readable = (group: FeatureSidebarEntry['group']) =>
    inGroup(group)
      .filter((entry) => can(roles, entry.resource, 'read'))
      .map((entry): SidebarLink => ({ ...route(entry.key, entry.to), icon: entry.icon, labelKey: entry.labelKey }));

  const bottom: SidebarLink[] = [
    route('logout', paths.logout),
    route('help', paths.help),
    // Patients accepted the patient area's terms of use, not the practices' general terms.
    { key: 'terms', to: isPatientAccount(roles) ? files.patientTerms : files.terms, kind: 'file' },
    { key: 'imprint', to: paths.imprint, kind: 'page' },
    { key: 'privacy', to: paths.privacy, kind: 'page' },
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
    top: readable('top'),
    settings: can(roles, 'settings', 'read')
      ? { link: route('settings', paths.settings), children: readable('settings') }
      : null,
    upgrade: getTrialState(user.trialExpiresAt, now) === 'running' ? upgradeLink : null,
    showTherapistFilter,
    bottom,
  };
}
