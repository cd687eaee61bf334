-- Hand-written (npx drizzle-kit generate --custom --name postal_code_places): a postal code's place now names the
-- town of its districts ('Hamburg' for 20095, whose first GeoNames row is 'Hamburg Altstadt'; db/postal-codes.ts),
-- which the search's title shows. The rows are derived from the data file at start-up, so emptying the table makes
-- the loader fill it again, with the new names, right after the migrations (nothing refers to its rows by key).
TRUNCATE postal_codes;
