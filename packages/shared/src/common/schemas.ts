import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { plainText } from './fields.js';

export const versionRequestSchema = z.object({ version: plainText().trim().max(100) });
export const versionResponseSchema = z.object({ version: z.string(), refresh: z.boolean() });

export const configRequestSchema = z.object({ language: z.enum(LANGUAGES).catch('de') });
export const configResponseSchema = z.object({
  languages: z.array(z.object({ iso: z.enum(LANGUAGES), display: z.string() })),
  defaultLanguage: z.enum(LANGUAGES),
  pageSizes: z.array(z.number()),
  helpUrl: z.string(),
  supportEmail: z.string(),
});
export type AppConfig = z.infer<typeof configResponseSchema>;
