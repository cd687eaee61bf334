import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';

/**
 * German postal codes with coordinates, for the therapist search by distance (migration 0007).
 * Data: "Postleitzahl-Koordinaten: GeoNames (geonames.org), CC BY 4.0, via zauberware/postal-codes-json-xml-csv"
 * (data/plz_de_geonames.csv, copied unchanged, sha256 a67c4e21…5d283, from the repo's data/DE.zip member
 * zipcodes.de.csv at commit a6e8df1e; the imprint shows POSTAL_CODE_ATTRIBUTION from @praxia/shared).
 */

const csvPath = fileURLToPath(new URL('./data/plz_de_geonames.csv', import.meta.url));
const BATCH_SIZE = 1_000;

export type PostalCodePoint = { postalCode: string; place: string; latitude: number; longitude: number };

let parsed: PostalCodePoint[] | undefined;

/**
 * The place a visitor knows a postal code by: the first row's, or the town when that row is one of its districts
 * listed next to the town itself ('Hamburg Altstadt' and 'Hamburg' for 20095 → 'Hamburg').
 */
export function placeOfRows(places: readonly string[]): string {
  const first = places[0] ?? '';
  const towns = places.filter((place) => first.startsWith(`${place} `));
  return towns.reduce((shortest, town) => (town.length < shortest.length ? town : shortest), first);
}

/**
 * One point per postal code: the file has a row per place or district, and Großempfänger codes list company rows
 * (e.g. 10875 with Stuttgart firms). The point is the mean of the rows; the place is placeOfRows's.
 */
export function readPostalCodePoints(): PostalCodePoint[] {
  if (parsed) return parsed;
  const lines = readFileSync(csvPath, 'utf8').split(/\r?\n/);
  const header = (lines[0] ?? '').split(',');
  const zip = header.indexOf('zipcode');
  const place = header.indexOf('place');
  const lat = header.indexOf('latitude');
  const lon = header.indexOf('longitude');
  const byCode = new Map<string, { places: string[]; lat: number; lon: number; n: number }>();
  for (const line of lines.slice(1)) {
    if (!line) continue;
    const fields = splitCsvLine(line);
    const code = fields[zip] ?? '';
    const latitude = Number(fields[lat]);
    const longitude = Number(fields[lon]);
    if (!/^\d{5}$/.test(code) || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    const entry = byCode.get(code);
    if (entry) {
      entry.places.push(fields[place] ?? '');
      entry.lat += latitude;
      entry.lon += longitude;
      entry.n += 1;
    } else byCode.set(code, { places: [fields[place] ?? ''], lat: latitude, lon: longitude, n: 1 });
  }
  parsed = [...byCode].map(([postalCode, entry]) => ({
    postalCode,
    place: placeOfRows(entry.places),
    latitude: Math.round((entry.lat / entry.n) * 1e4) / 1e4,
    longitude: Math.round((entry.lon / entry.n) * 1e4) / 1e4,
  }));
  return parsed;
}

/** Splits one CSV line; some place names are quoted because they contain commas. */
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** Fills postal_codes once (an empty table), in multi-row INSERTs; runs at start-up after the migrations. */
export async function loadPostalCodes(db: Executor): Promise<void> {
  // Both drivers answer with `{ rows }` (client.ts's queryRows, not imported: client.ts imports this file).
  const result = (await db.execute(sql`SELECT EXISTS (SELECT 1 FROM postal_codes) AS present`)) as unknown as {
    rows: { present: boolean }[];
  };
  const rows = result.rows;
  if (rows[0]?.present) return;
  const points = readPostalCodePoints();
  for (let start = 0; start < points.length; start += BATCH_SIZE) {
    const batch = points.slice(start, start + BATCH_SIZE);
    const values = sql.join(
      batch.map((point) => sql`(${point.postalCode}, ${point.place}, ${point.latitude}, ${point.longitude})`),
      sql`, `,
    );
    await db.execute(
      sql`INSERT INTO postal_codes (postal_code, place, latitude, longitude) VALUES ${values} ON CONFLICT DO NOTHING`,
    );
  }
}
