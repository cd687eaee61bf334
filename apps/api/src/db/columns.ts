import { customType, timestamp } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
