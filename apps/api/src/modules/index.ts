import type { AppModule } from './app-module.js';
import { appointmentTypesModule } from './appointment-types/appointment-types.module.js';
import { auditModule } from './audit/audit.module.js';
import { authModule } from './auth/auth.module.js';
import { bookingModule } from './booking/booking.module.js';
import { calendarModule } from './calendar/calendar.module.js';
import { commonModule } from './common/common.module.js';
import { countriesModule } from './countries/countries.module.js';
import { customersModule } from './customers/customers.module.js';
import { exportModule } from './export/export.module.js';
import { invoiceDeliveryModule } from './invoice-delivery/invoice-delivery.module.js';
import { invoicesModule } from './invoices/invoices.module.js';
import { mailModule } from './mail/mail.module.js';
import { medicalHistoryModule } from './medical-history/medical-history.module.js';
import { patientsModule } from './patients/patients.routes.js';
import { paymentsModule } from './payments/payments.module.js';
import { pushModule } from './push/push.module.js';
import { recordsModule } from './records/records.routes.js';
import { registrationModule } from './registration/registration.module.js';
import { smsModule } from './sms/sms.module.js';
import { usersModule } from './users/users.module.js';
import { videoModule } from './video/video.module.js';

/** Every feature module, listed once; the app registers them in this order. */
export const appModules: readonly AppModule[] = [
  commonModule,
  authModule,
  registrationModule,
  usersModule,
  customersModule,
  paymentsModule,
  patientsModule,
  recordsModule,
  appointmentTypesModule,
  calendarModule,
  bookingModule,
  mailModule,
  smsModule,
  medicalHistoryModule,
  exportModule,
  auditModule,
  pushModule,
  countriesModule,
  videoModule,
  invoicesModule,
  invoiceDeliveryModule,
];
