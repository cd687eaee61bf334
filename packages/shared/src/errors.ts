/**
 * Stable keys for what went wrong (the `code` field). Clients switch on these, never on the English `detail`
 * sentence, which is for people reading logs and the spec's few "show the server's words" cases.
 */
export const ErrorCode = {
  badRequest: 'error.badRequest',
  /** A multipart upload that is not well-formed or ended before its closing boundary (cut off, wrong boundary). */
  uploadMalformed: 'error.uploadMalformed',
  /** The request body stopped arriving (idle too long) or took longer than the server allows. */
  requestTimeout: 'error.requestTimeout',
  notSignedIn: 'error.notSignedIn',
  /** The session ended after 12 hours without a call (the inactivity message). */
  sessionExpired: 'error.sessionExpired',
  /** The session reached its absolute lifetime although it was in use. */
  sessionLifetimeEnded: 'error.sessionLifetimeEnded',
  /** The session was signed out (a logout with this session's cookie, e.g. in another tab). */
  sessionSignedOut: 'error.sessionSignedOut',
  /** The account's password was changed or reset, which ends all its sessions. */
  sessionPasswordChanged: 'error.sessionPasswordChanged',
  /** The account, its practice assignment or its practice was deactivated or deleted. */
  sessionDeactivated: 'error.sessionDeactivated',
  credentialsInvalid: 'error.credentialsInvalid',
  forbidden: 'error.forbidden',
  trialExpired: 'error.trialExpired',
  crossSiteRefused: 'error.crossSiteRefused',
  wrongPassword: 'error.wrongPassword',
  notFound: 'error.notFound',
  tokenInvalid: 'error.tokenInvalid',
  conflict: 'error.conflict',
  alreadyFullVersion: 'error.alreadyFullVersion',
  practiceHasTherapists: 'error.practiceHasTherapists',
  payloadTooLarge: 'error.payloadTooLarge',
  unsupportedMediaType: 'error.unsupportedMediaType',
  validationFailed: 'error.validationFailed',
  emailAlreadyExists: 'error.emailAlreadyExists',
  deactivatedProfile: 'error.deactivatedProfile',
  notConfirmed: 'error.notConfirmed',
  pinInvalid: 'error.pinInvalid',
  pinAttemptsExhausted: 'error.pinAttemptsExhausted',
  /**
   * A passkey sign-in was refused: an unknown or removed passkey, one of another account, a used or expired
   * challenge, or a signature that does not verify. All answer alike.
   */
  passkeyInvalid: 'error.passkeyInvalid',
  /** The browser's answer to a passkey registration did not verify (or its challenge was used or expired). */
  passkeyRegistrationFailed: 'error.passkeyRegistrationFailed',
  /** The practice requires a strong second factor (TOTP or passkey) and the caller has none yet: enrol first. */
  twoFactorRequired: 'error.twoFactorRequired',
  logoType: 'error.logoType',
  logoSize: 'error.logoSize',
  /** The image's pixel dimensions are beyond what the server decodes (not its size in bytes). */
  logoPixels: 'error.logoPixels',
  /** A PNG or JPEG whose data is broken (truncated, corrupt). */
  logoUnreadable: 'error.logoUnreadable',
  tooManyRequests: 'error.tooManyRequests',
  serverError: 'error.serverError',
  badGateway: 'error.badGateway',
  firstPaymentFailed: 'error.firstPaymentFailed',
  subscriptionCancelFailed: 'error.subscriptionCancelFailed',
  serviceUnavailable: 'error.serviceUnavailable',
  // Patient records (people §8): both answer with the code in validationMessages.formGlobal too.
  /** Another patient of the practice has the patient number. */
  patientNumberTaken: 'error.patientNumberTaken',
  /** Another live patient of the therapist has the e-mail address. */
  patientEmailTaken: 'error.patientEmailTaken',
  // Staff users (people §5, §6, §8).
  noSelfDisable: 'error.noSelfDisable',
  noSelfDelete: 'error.noSelfDelete',
  rolesNotAllowed: 'error.rolesNotAllowed',
  /** Avatar upload: the content is not PNG, JPEG or GIF. */
  fileMimeType: 'error.file.mimeType',
  /** Avatar upload: larger than 1,048,576 bytes. */
  fileSize: 'error.file.fileSize',
  /** Avatar upload: more pixels (or a longer side) than the server decodes, whatever the file's size in bytes. */
  filePixels: 'error.file.pixels',
  fileUnreadable: 'error.file.unreadable',
  pushUnavailable: 'error.pushUnavailable',
  /** A push subscription names no public https endpoint (a private, loopback or metadata address, or plain http). */
  pushEndpointRefused: 'error.pushEndpointRefused',
  // Calendar (appointments §4.1, §5, §8).
  /** Another appointment of the therapist lies in the time (detail 'Appointment overlaps.'). */
  appointmentOverlaps: 'error.appointmentOverlaps',
  /** Booking a slot that is no longer available. */
  appointmentNotAvailable: 'error.appointmentNotAvailable',
  /** The appointment's state does not allow the change (spec §4.1). */
  appointmentStateForbids: 'error.appointmentStateForbids',
  appointmentBilled: 'error.appointmentBilled',
  appointmentSeriesBilled: 'error.appointmentSeriesBilled',
  appointmentFeesIncomplete: 'error.appointmentFeesIncomplete',
  appointmentAddressMissing: 'error.appointmentAddressMissing',
  /** Billed only by creating an invoice, never by a state change. */
  appointmentBilledByInvoiceOnly: 'error.appointmentBilledByInvoiceOnly',
  appointmentsNoneSelected: 'error.appointmentsNoneSelected',
  appointmentsNoneInView: 'error.appointmentsNoneInView',
  appointmentsNoneBillable: 'error.appointmentsNoneBillable',
  /** The appointment has not ended yet: a service is billed only once rendered (§ 14 Abs. 4 Nr. 6 UStG). */
  appointmentNotEnded: 'error.appointmentNotEnded',
  /** A DRS therapist does not bill: neither marks appointments billable nor invoices them from the calendar. */
  billingNotForDrs: 'error.billingNotForDrs',
  /** Only a held online booking (taken, no patient record named yet) is assigned to a patient. */
  appointmentNotHeld: 'error.appointmentNotHeld',
  /** A held online booking is billed only once the practice has named its patient. */
  appointmentPatientMissing: 'error.appointmentPatientMissing',
  appointmentTypeLastActive: 'error.appointmentTypeLastActive',
  appointmentTypeInUse: 'error.appointmentTypeInUse',
  /** A guest's booking from the widget failed: the slot was taken meanwhile, is gone or no longer fits (spec §8). */
  bookingFailed: 'error.bookingFailed',
  /** The therapist search: a well-formed postal code that is not in the postal-code table. */
  postalCodeUnknown: 'error.postalCodeUnknown',
  // Video consultations (issue 10; appointments §6: chat permission, a linked client, not on-site).
  /** The appointment has no booked patient (a free slot): nobody to meet. */
  videoNeedsClient: 'error.videoNeedsClient',
  /** The appointment takes place on site. */
  videoOnSite: 'error.videoOnSite',
  /** Only the appointment's own therapist meets the patient (an assistant or a colleague cannot). */
  videoOwnAppointmentsOnly: 'error.videoOwnAppointmentsOnly',
  // Invoices (issue 11).
  /** GOÄ section B provision 4: a consultation number beside a psychotherapy number in one session, unconfirmed. */
  invoiceGoaeExclusions: 'error.invoiceGoaeExclusions',
  /** A factor above the item's maximum: it would need a fee agreement (§2 GOÄ) the app does not record. */
  invoiceRateAboveMaximum: 'error.invoiceRateAboveMaximum',
  invoiceRateBelowMinimum: 'error.invoiceRateBelowMinimum',
  /** A factor above the threshold without the written justification of its fee entry (§12 Abs.3 GOÄ). */
  invoiceJustificationMissing: 'error.invoiceJustificationMissing',
  /** The DATEV export needs the tax adviser's consultant and client numbers in the practice settings. */
  datevNumbersMissing: 'error.datevNumbersMissing',
  /** GOÄ items (and with them the §4 Nr.14 UStG exemption) for a therapist whose job type is no healing profession. */
  goaeNotForJobType: 'error.goaeNotForJobType',
  goaeNeedsJobType: 'error.goaeNeedsJobType',
  /** Two GOÄ items the catalogue's legends exclude beside each other (or an item over its limit per case). */
  goaeItemExclusion: 'error.goaeItemExclusion',
  /** A GOÄ item billed more often than its legend allows (per treatment case, within months, per calendar year). */
  goaeItemLimit: 'error.goaeItemLimit',
  /** The requested state change is not allowed from the invoice's state (e.g. paying a cancelled invoice). */
  invoiceStateForbids: 'error.invoiceStateForbids',
  /** Sent, paid, cancelled invoices and cancellations keep their numbers (§ 14 UStG): only a never-sent one is deleted. */
  invoiceNotDeletable: 'error.invoiceNotDeletable',
  /** An invoice over 250 € gross must name the issuer's tax number or VAT id (§14 Abs. 4 Nr. 2 UStG, §33 UStDV). */
  invoiceTaxNumberMissing: 'error.invoiceTaxNumberMissing',
  /** An upload that is not a CAMT.053/054 bank statement (or has no credits in EUR we can read). */
  bankStatementInvalid: 'error.bankStatementInvalid',
  /** A bank statement file larger than BANK_STATEMENT_MAX_BYTES. */
  bankStatementTooLarge: 'error.bankStatementTooLarge',
  /** A bank credit that already settles an invoice cannot be assigned again. */
  bankEntryAssigned: 'error.bankEntryAssigned',
  /** A patient or appointment an invoice names is kept with it (§147 AO: ten years). */
  patientHasInvoices: 'error.patientHasInvoices',
  appointmentInvoiced: 'error.appointmentInvoiced',
  // Dunning notices and sending (issue 11; appointments §5 'Sending invoices').
  /** A second final notice for the same invoice. */
  overdueNoticeFinalExists: 'error.overdueNoticeFinalExists',
  /** A payment reminder before the invoice's due date has passed. */
  overdueReminderTooEarly: 'error.overdueReminderTooEarly',
  /** A final notice without a sent reminder whose own due date has passed. */
  overdueNoticeTooEarly: 'error.overdueNoticeTooEarly',
  /** The patient's street, postal code or city is missing (detail 'Adresse fehlt.'). */
  invoiceAddressMissing: 'error.invoiceAddressMissing',
  invoiceSendTrial: 'error.invoiceSendTrial',
  invoiceSendNotMobile: 'error.invoiceSendNotMobile',
  invoiceSendNoDigital: 'error.invoiceSendNoDigital',
  invoiceSendLimitExceeded: 'error.invoiceSendLimitExceeded',
  /** The patient's download: the SMS code is wrong (params.triesLeft). */
  invoiceCodeWrong: 'error.invoiceCodeWrong',
  /** The SMS code expired, was used up by wrong tries, or none was requested. */
  invoiceCodeExpired: 'error.invoiceCodeExpired',
  /** A new code was requested within a minute of the last. */
  invoiceCodeTooSoon: 'error.invoiceCodeTooSoon',
  /** The download link was locked after too many codes or wrong tries over its life (410); the practice was told. */
  invoiceLinkLocked: 'error.invoiceLinkLocked',
  /** No SMS provider is configured (production without one). */
  smsUnavailable: 'error.smsUnavailable',
  /** XRechnung is only for a business client: a coaching invoice whose invoice address names a company. */
  xrechnungNotBusiness: 'error.xrechnungNotBusiness',
  /** Data XRechnung requires is missing (params.fields: comma-separated field keys, the detail names them). */
  xrechnungDataMissing: 'error.xrechnungDataMissing',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Error types (the `type` field) and their HTTP status. */
export const ERROR_TYPES = {
  'Bad Request': 400,
  Unauthorized: 401,
  Forbidden: 403,
  'Entity Missing': 404,
  'Request Timeout': 408,
  Conflict: 409,
  /** Something that existed is used up for good (an SMS code after its tries or time). */
  Gone: 410,
  'Validation Failed': 422,
  'Too Many Requests': 429,
  'Server Error': 500,
  'Bad Gateway': 502,
  'Service Unavailable': 503,
} as const;
export type ErrorType = keyof typeof ERROR_TYPES;

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ErrorCode.badRequest,
  401: ErrorCode.notSignedIn,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  408: ErrorCode.requestTimeout,
  409: ErrorCode.conflict,
  413: ErrorCode.payloadTooLarge,
  415: ErrorCode.unsupportedMediaType,
  422: ErrorCode.validationFailed,
  429: ErrorCode.tooManyRequests,
  500: ErrorCode.serverError,
  502: ErrorCode.badGateway,
  503: ErrorCode.serviceUnavailable,
};

/** The general code of an HTTP status, for failures that have no more specific one. */
export function errorCodeForStatus(status: number): ErrorCode {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? ErrorCode.serverError : ErrorCode.badRequest);
}

/** Message keys used in validationMessages; the web maps each to a catalogue text. */
export const ValidationKey = {
  required: 'error.required',
  invalidEmail: 'error.invalidEmail',
  emailAlreadyExists: 'error.emailAlreadyExists',
  credentialsInvalid: 'error.credentialsInvalid',
  deactivatedProfile: 'error.deactivatedProfile',
  passwordRules: 'error.passwordRules',
  passwordsDontMatch: 'error.passwordsDontMatch',
  phone: 'error.phone',
  postalCode: 'error.postalCode',
  max80Signs: 'error.max80Signs',
  max800Signs: 'error.max800Signs',
  tooLong: 'error.tooLong',
  termsRequired: 'error.termsRequired',
  invalidValue: 'error.invalidValue',
  /** A GOÄ rate above its item's threshold without a chosen or written justification (§12 Abs.3 GOÄ). */
  justificationRequired: 'error.justificationRequired',
  /** An analog number (…a, §6 Abs.2 GOÄ) without the service actually performed as its own title. */
  analogTitleRequired: 'error.analogTitleRequired',
  /** A factor above the maximum without a signed fee agreement of the patient that covers it (§2 GOÄ). */
  feeAgreementRequired: 'error.feeAgreementRequired',
  onlyDigits: 'error.onlyDigits',
  /** A free invoice address that does not fit the letter's window (DIN 5008: six lines of 40 characters). */
  addressWindow: 'error.addressWindow',
  /** A DATEV batch spans one fiscal year: its bookings carry day and month only. */
  datevOneFiscalYear: 'error.datevOneFiscalYear',
  // Catalogue texts of foundations §5 ("must select something", "min length", "not zero", "date in the future").
  mustSelect: 'error.mustSelect',
  minLength: 'error.minLength',
  notZero: 'error.notZero',
  dateInFuture: 'error.dateInFuture',
  pinInvalid: 'error.pinInvalid',
  logoPixels: 'error.logoPixels',
  logoUnreadable: 'error.logoUnreadable',
  // Staff users (people §5, §6).
  selectRole: 'error.selectRole',
  adminExclusive: 'error.adminExclusive',
  rolesNotAllowed: 'error.rolesNotAllowed',
  onePractice: 'error.onePractice',
  practiceRequired: 'error.practiceRequired',
  languagesRequired: 'error.languagesRequired',
  noSelfDisable: 'error.noSelfDisable',
  fileMimeType: 'error.file.mimeType',
  fileSize: 'error.file.fileSize',
  filePixels: 'error.file.pixels',
  fileUnreadable: 'error.file.unreadable',
  // The practice's bank account (invoice settings, issue 11).
  iban: 'error.iban',
  bic: 'error.bic',
} as const;
