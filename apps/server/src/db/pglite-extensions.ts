import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/**
 * The contrib extensions the migrations create, which PGlite must be given when it opens a
 * database (they are not built in): pg_trgm for the search indexes, unaccent for searches that
 * ignore accents (migration 0026). Every PGlite the app, the backup and the tests open takes these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/** The same extensions by name, as PostgreSQL knows them (a restore moves them back to `public`). */
export const DATABASE_EXTENSIONS = Object.keys(PGLITE_EXTENSIONS);
