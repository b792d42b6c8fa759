/**
 * Tenants and the shared pieces the other areas build on: the pgvector extension (creating it needs a
 * superuser, or an administrator who created it beforehand) and `jsonb_merge_patch()`, the RFC 7396 merge
 * that SQLite's `json_patch` performs (jsonb's `||` is shallow and keeps nulls).
 */
export const coreSchema = `
CREATE EXTENSION IF NOT EXISTS vector;

CREATE TABLE tenants (
  id text PRIMARY KEY,
  consumer_id text NOT NULL,
  name text,
  description text,
  created_at text NOT NULL,
  updated_at text NOT NULL,
  -- The tenant's generation, random per creation: tokens carry it and every write checks it.
  epoch text NOT NULL DEFAULT ''
);

CREATE TABLE health_probe (id integer PRIMARY KEY, at bigint NOT NULL);

-- Objects merge key by key, recursively; a null in the patch deletes the key; anything else (arrays,
-- scalars) replaces the target. A NULL patch leaves the target as it is.
CREATE FUNCTION jsonb_merge_patch(target jsonb, patch jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  merged jsonb;
  key text;
  value jsonb;
BEGIN
  IF patch IS NULL THEN
    RETURN target;
  END IF;
  IF jsonb_typeof(patch) <> 'object' THEN
    RETURN patch;
  END IF;
  merged := CASE WHEN jsonb_typeof(target) = 'object' THEN target ELSE '{}'::jsonb END;
  FOR key, value IN SELECT e.key, e.value FROM jsonb_each(patch) AS e LOOP
    IF jsonb_typeof(value) = 'null' THEN
      merged := merged - key;
    ELSE
      merged := jsonb_set(merged, ARRAY[key], jsonb_merge_patch(merged -> key, value));
    END IF;
  END LOOP;
  RETURN merged;
END
$$;
`;
