-- Hand-written (npx drizzle-kit generate --custom --name <name>): what the schema DSL cannot say.
-- btree_gist: the calendar's exclusion constraint (no overlapping appointments of one therapist).
-- cube + earthdistance: the therapist search by distance. PGlite loads all three in its constructor (db/client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
