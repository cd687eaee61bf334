-- Hand-written (npx drizzle-kit generate --custom --name <name>): one point per German postal code for the
-- therapist search by distance. The rows come from db/data/plz_de_geonames.csv and are loaded once at start-up
-- (db/postal-codes.ts), in batches, by whichever node holds the migration lock; the table starts empty here.
-- Data: GeoNames (geonames.org), CC BY 4.0, via zauberware/postal-codes-json-xml-csv.
CREATE TABLE postal_codes (
  postal_code text PRIMARY KEY CHECK (postal_code ~ '^[0-9]{5}$'),
  place text NOT NULL,
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180)
);--> statement-breakpoint
-- Nearest-neighbour order (<-> on cube) and earth_box range searches use this index.
CREATE INDEX postal_codes_earth ON postal_codes USING gist (ll_to_earth(latitude, longitude));
