import { appointmentNavigation } from '../features/appointments/navigation';
import { auditNavigation } from '../features/audit/navigation';
import { authNavigation } from '../features/auth/navigation';
import { commonNavigation } from '../features/common/navigation';
import { customerNavigation } from '../features/customers/navigation';
import { invoiceNavigation } from '../features/invoices/navigation';
import { medicalHistoryNavigation } from '../features/medical-history/navigation';
import { patientPortalNavigation } from '../features/patient-portal/navigation';
import { patientNavigation } from '../features/patients/navigation';
import { paymentNavigation } from '../features/payments/navigation';
import { twoFactorNavigation } from '../features/two-factor/navigation';
import { userListNavigation } from '../features/user-list/navigation';
import { userNavigation } from '../features/users/navigation';

/** Every feature's navigation (paths and sidebar entries); a new feature adds its navigation.ts here. */
export const featureNavigations = [
  authNavigation,
  commonNavigation,
  customerNavigation,
  paymentNavigation,
  appointmentNavigation,
  patientNavigation,
  invoiceNavigation,
  userNavigation,
  medicalHistoryNavigation,
  patientPortalNavigation,
  auditNavigation,
  userListNavigation,
  twoFactorNavigation,
] as const;

type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (all: infer I) => void
  ? I
  : never;

/** Route paths of all features (spec foundations §2), e.g. `paths.login`. */
export const paths = Object.assign(
  {},
  ...featureNavigations.map((navigation) => navigation.paths),
) as UnionToIntersection<(typeof featureNavigations)[number]['paths']>;

const comingLater = new Set<string>(
  featureNavigations.flatMap((navigation) =>
    navigation.sidebar.flatMap((entry) => ('isComingLater' in entry && entry.isComingLater ? [entry.to] : [])),
  ),
);

/** False for the screens of later issues that the sidebar links already: sign-in does not land on them. */
export const isRoutedPath = (path: string) => !comingLater.has(path);

/** Where account flows that end "at the profile" go (spec foundations §2, §8 set-email). */
export const PROFILE_TARGET_PATH: string = paths.profile;

export const customerEditPath = (customerId: number) => `${paths.customerEdit}/${customerId}`;

export const completeRegistrationPath = (userId: number | string) => `/user/${userId}/complete`;
