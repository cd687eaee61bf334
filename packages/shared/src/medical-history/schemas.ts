import { z } from 'zod';
import { idField, plainText } from '../common/fields.js';
import { ValidationKey as V } from '../errors.js';

/** Spec people §9: a medical-history document may have at most 20 MiB. */
export const HISTORY_FILE_MAX_BYTES = 20_971_520;
/** A note is free text; the bound only keeps a single request reasonable. */
export const HISTORY_NOTE_MAX_LENGTH = 50_000;

export const HISTORY_STATES = ['active', 'deleted', 'changed'] as const;
export type HistoryState = (typeof HISTORY_STATES)[number];

/**
 * Refusal keys of an upload in validationMessages.file[0]. 'limit reached:<bytes>' carries the bytes still free in
 * the therapist's storage (0 = full); 'maxsize:<bytes>' the per-file maximum (spec people §7, §8).
 */
export const HISTORY_LIMIT_REACHED = 'limit reached';
export const HISTORY_MAX_SIZE = 'maxsize';
export const HISTORY_FILE_TYPE_ERROR = 'error.fileType';

/** Reads 'limit reached:123' / 'maxsize:456' back into its kind and byte count (the web's error texts). */
export function parseUploadRefusal(message: string): { kind: 'limitReached' | 'maxSize'; bytes: number } | null {
  const match = /^(limit reached|maxsize):(\d+)$/.exec(message);
  if (!match) return null;
  return { kind: match[1] === HISTORY_LIMIT_REACHED ? 'limitReached' : 'maxSize', bytes: Number(match[2]) };
}

const entryFields = {
  id: z.number(),
  clientId: z.number(),
  note: z.string().nullable(),
  filename: z.string().nullable(),
  contentType: z.string().nullable(),
  sizeBytes: z.number(),
  state: z.enum(HISTORY_STATES),
  parentId: z.number().nullable(),
  createdAt: z.string(),
  createdBy: z.number(),
  sharedWithPatient: z.boolean(),
  sentByPatient: z.boolean(),
};

/** An older version of a note, listed below the version that replaced it. */
export const historyChildSchema = z.object({
  ...entryFields,
  haschildren: z.boolean(),
  // Always empty: every older version hangs directly below the newest one.
  children: z.array(z.unknown()).max(0),
});

/** One entry of the medical history (spec people §3), its older versions nested below it. */
export const historyEntrySchema = z.object({
  ...entryFields,
  haschildren: z.boolean(),
  children: z.array(historyChildSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historySearchSchema = z.object({
  filter: z.object({
    clientId: z.array(idField).min(1).max(1),
    state: z.array(z.enum(HISTORY_STATES)).max(3).optional(),
  }),
});

/** The treating therapist as the printed history names them (title, name, job title in the salutation's form). */
const printedTherapistSchema = z.object({
  salutation: z.string().nullable(),
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  jobTitleType: z.string().nullable(),
  jobTitleFreetext: z.string().nullable(),
});

/**
 * The list, and the patient it belongs to (the screen's title: 'last name, first name (birth date)'; the printout's
 * heading adds practice, therapist and patient number).
 */
export const historyListSchema = z.object({
  client: z.object({
    id: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    birthday: z.string().nullable(),
    patientNumber: z.number(),
    practiceName: z.string(),
    therapist: printedTherapistSchema.nullable(),
  }),
  list: z.array(historyEntrySchema),
});

/** A new note (a file comes as multipart with clientId and one `file`). */
export const historyNoteCreateSchema = z.object({
  clientId: idField,
  note: plainText(V.required).trim().min(1, V.required).max(HISTORY_NOTE_MAX_LENGTH, V.tooLong),
});

/** Save: a delete or restore (`state`), or an edited note (`note`, which becomes a new version). */
export const historySaveSchema = z.union([
  z.object({ id: idField, state: z.enum(['active', 'deleted']) }).strict(),
  z
    .object({
      id: idField,
      note: plainText(V.required).trim().min(1, V.required).max(HISTORY_NOTE_MAX_LENGTH, V.tooLong),
    })
    .strict(),
]);

export const historyShareSchema = z.object({ shared: z.boolean() });

export const historyFileParamsSchema = z.object({ id: idField, filename: plainText().min(1).max(255) });
export const historyFileQuerySchema = z.object({ inline: z.enum(['0', '1']).optional() });

/** The patient's view of a document (patient portal). */
export const patientDocumentSchema = z.object({
  id: z.number(),
  filename: z.string(),
  contentType: z.string().nullable(),
  sizeBytes: z.number(),
  createdAt: z.string(),
  sentByPatient: z.boolean(),
});
export type PatientDocument = z.infer<typeof patientDocumentSchema>;
export const patientDocumentListSchema = z.object({ list: z.array(patientDocumentSchema) });

/** Spec people §9: above 1 MiB in MB, above 1 KiB in KB, otherwise bytes (German decimal comma). */
export function formatFileSize(bytes: number, language: 'de' | 'en' = 'de'): string {
  const locale = language === 'en' ? 'en-GB' : 'de-DE';
  const format = (value: number) => value.toLocaleString(locale, { maximumFractionDigits: 1 });
  if (bytes > 1_048_576) return `${format(bytes / 1_048_576)} MB`;
  if (bytes > 1024) return `${format(bytes / 1024)} KB`;
  return `${bytes} Bytes`;
}

/** POST /user-medical-history: multipart with clientId and either `note` or one `file` (documented for the web). */
export const historyCreateFormSchema = z.object({
  clientId: z.string(),
  note: z.string().optional(),
  file: z.file().optional(),
});
export const patientUploadFormSchema = z.object({ file: z.file() });
export const historyCreatedSchema = historyEntrySchema.omit({ haschildren: true, children: true });

/**
 * Stored types a browser shows itself, so the history offers to view them in a new tab besides downloading: PDF and
 * the image types browsers draw. Everything else (Word, TIFF) is only ever an attachment.
 */
const BROWSER_VIEWABLE_TYPES: readonly string[] = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
];

export const isBrowserViewable = (contentType: string | null): boolean =>
  contentType !== null && BROWSER_VIEWABLE_TYPES.includes(contentType);
