import { zod4Resolver } from 'mantine-form-zod-resolver';

/**
 * A form's `validate` from a shared zod schema: field → message key, the first issue of a field winning (as the API
 * reports it). The keys become texts where the inputs are drawn (formDefaults).
 */
export function schemaValidator(schema: Parameters<typeof zod4Resolver>[0]) {
  const resolve = zod4Resolver(schema, { errorPriority: 'first' });
  return (values: unknown) => resolve(values as Record<string, unknown>) as Record<string, string>;
}
