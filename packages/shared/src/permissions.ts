import { Role, SIGNED_IN, STAFF } from './roles.js';

export type Privilege = 'read' | 'create' | 'edit' | 'delete';

const { ADMIN, SECRETARY, THERAPIST, CUSTOMER_ADMIN, THERAPIST_DRS, REGISTERED } = Role;
const TREATING = THERAPIST | THERAPIST_DRS | SECRETARY;

/**
 * The role → resource → privilege matrix (spec foundations §6, appointments §6, people §6).
 * Each cell is the mask of roles holding that privilege. Server routes and web guards both read it.
 */
export const PERMISSIONS = {
  main: { read: SIGNED_IN },
  settings: { read: STAFF },
  /** Own profile, profile edit, password change, avatar; also the upgrade route (spec: user permission only). */
  user: { read: SIGNED_IN, edit: SIGNED_IN },
  userList: { read: ADMIN | CUSTOMER_ADMIN | THERAPIST | THERAPIST_DRS | SECRETARY },
  /** Creating other users; which roles each may create is decided in the users module. */
  userCreate: { create: ADMIN | CUSTOMER_ADMIN | THERAPIST | THERAPIST_DRS },
  /** Editing other people's profiles and avatars. */
  userOthers: { edit: ADMIN | CUSTOMER_ADMIN | SECRETARY },
  /** The practice list and its row actions. */
  customer: {
    read: ADMIN | CUSTOMER_ADMIN,
    create: ADMIN,
    edit: ADMIN | CUSTOMER_ADMIN,
    delete: ADMIN,
  },
  /**
   * Saving a practice's settings form (PATCH customer): admins any practice, owners and assistants their own (people
   * §2: the profile edit screen's practice forms). Deactivating, reactivating and deleting stay with `customer`.
   */
  customerSettings: { edit: ADMIN | CUSTOMER_ADMIN | SECRETARY },
  /** Invoice settings of the current practice. */
  customerDetail: { read: CUSTOMER_ADMIN | TREATING, edit: CUSTOMER_ADMIN | TREATING },
  customerUpgrade: { read: CUSTOMER_ADMIN },
  patient: { read: TREATING | CUSTOMER_ADMIN, create: TREATING, edit: TREATING | CUSTOMER_ADMIN },
  appointment: { read: TREATING, create: TREATING, edit: TREATING, delete: TREATING },
  appointmentReject: { edit: TREATING },
  /** Therapist-DRS does not bill (spec foundations §6), so the approval step before the invoice is not theirs either. */
  appointmentBillable: { edit: THERAPIST | SECRETARY },
  appointmentBill: { create: THERAPIST | SECRETARY },
  /** Seeing other people's appointments; enables the therapist filter in the sidebar. */
  appointmentOthers: { read: SECRETARY },
  appointmentType: { read: TREATING, create: TREATING, edit: TREATING, delete: TREATING },
  /**
   * Starting a video consultation: only those who treat (issue 10, Anlage 31b BMV-Ä: the patient meets the therapist
   * who invited them). An assistant books and edits for a therapist but does not sit in the call in their place.
   */
  videoChat: { create: THERAPIST | THERAPIST_DRS },
  diagnosis: { read: TREATING, create: TREATING, edit: TREATING, delete: TREATING },
  /** A patient's notes and documents (spec people §6: therapists and DRS therapists reach it from the list). */
  medicalHistory: {
    read: THERAPIST | THERAPIST_DRS,
    create: THERAPIST | THERAPIST_DRS,
    edit: THERAPIST | THERAPIST_DRS,
    delete: THERAPIST | THERAPIST_DRS,
  },
  /** The patient-data export (spec people §6: therapist, secretary or DRS therapist). */
  patientExport: { read: TREATING },
  /** The practice's audit log and the patients' access reports (DSGVO Art. 15). */
  audit: { read: CUSTOMER_ADMIN },
  invoice: {
    read: TREATING | CUSTOMER_ADMIN,
    create: THERAPIST | SECRETARY | THERAPIST_DRS,
    edit: THERAPIST | SECRETARY | THERAPIST_DRS,
    delete: CUSTOMER_ADMIN | SECRETARY,
  },
  /** Sending invoices and dunning notices by e-mail; not for therapist-DRS. */
  invoiceSend: { create: THERAPIST | SECRETARY },
  processingAgreement: { read: CUSTOMER_ADMIN },
  /**
   * What a patient sees and sends after signing in: the documents shared with them, their uploads, and their own
   * contact data (profile edit).
   */
  patientSelf: { read: REGISTERED, create: REGISTERED, edit: REGISTERED },
} as const satisfies Record<string, Partial<Record<Privilege, number>>>;

export type Resource = keyof typeof PERMISSIONS;

export type Permission = readonly [Resource, Privilege];

/** Whether a role mask holds a privilege on a resource. */
export function can(roles: number, resource: Resource, privilege: Privilege): boolean {
  const cell = (PERMISSIONS[resource] as Partial<Record<Privilege, number>>)[privilege];
  return cell !== undefined && (cell & roles) !== 0;
}
