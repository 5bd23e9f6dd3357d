-- Trigram indexes back every substring search (ILIKE %term%).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
