/** Route paths (spec foundations §2). Some belong to later issues and reach the 404 page until they exist. */
export const paths = {
  root: '/',
  login: '/login',
  logout: '/logout',
  register: '/registrieren',
  resetPassword: '/password/reset',
  setPassword: '/password/set',
  setEmail: '/email/set',
  confirmRegistration: '/registration/confirm',
  main: '/main',
  settings: '/settings',
  upgrade: '/customer/upgrade',
  customerList: '/customer/list',
  customerCreate: '/customer/create',
  customerEdit: '/customer/edit',
  invoiceSettings: '/customer',
  paymentSandbox: '/payment/sandbox',
  paymentThanks: '/payment/thanks',
  appointmentList: '/appointment/list',
  appointmentTypes: '/appointment/types',
  patientList: '/patient/list',
  invoiceList: '/invoice/list',
  userList: '/user/list',
  profile: '/user/profile',
  imprint: '/impressum',
  privacy: '/datenschutz',
  terms: '/agb',
  help: '/help',
  notFound: '/error404',
  devMail: '/dev/mail',
} as const;

/**
 * Screens of later issues: the sidebar already links them by permission, but sign-in does not land
 * on them until they exist. Remove a path here when its route is added.
 */
const NOT_YET_ROUTED = new Set<string>([
  paths.appointmentList,
  paths.appointmentTypes,
  paths.patientList,
  paths.invoiceList,
  paths.userList,
  paths.profile,
]);

export const isRoutedPath = (path: string) => !NOT_YET_ROUTED.has(path);

/**
 * Where account flows that end "at the profile" or "at profile edit" go. The profile screens arrive with the
 * people issue; until then this is the dashboard. Change it here once /user/profile exists.
 */
export const PROFILE_TARGET_PATH: string = paths.main;

export const customerEditPath = (customerId: number) => `${paths.customerEdit}/${customerId}`;

export const completeRegistrationPath = (userId: number | string) => `/user/${userId}/complete`;
