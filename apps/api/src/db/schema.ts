// The schema lives with its module (one file each); this index is what Drizzle and drizzle-kit read.
export * from '../modules/appointments/appointments.schema.js';
export * from '../modules/appointments/waiting-list.schema.js';
export * from '../modules/audit/audit.schema.js';
export * from '../modules/auth/auth.schema.js';
export * from '../modules/common/common.schema.js';
export * from '../modules/customers/customers.schema.js';
export * from '../modules/invoice-delivery/invoice-delivery.schema.js';
export * from '../modules/invoices/invoices.schema.js';
export * from '../modules/mail/mail.schema.js';
export * from '../modules/medical-history/medical-history.schema.js';
export * from '../modules/patients/patients.schema.js';
export * from '../modules/payments/payments.schema.js';
export * from '../modules/push/push.schema.js';
export * from '../modules/records/records.schema.js';
export * from '../modules/sms/sms.schema.js';
export * from '../modules/users/users.schema.js';
export * from '../modules/video/video.schema.js';
