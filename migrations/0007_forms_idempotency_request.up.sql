-- An Idempotency-Key answers again only for the same request: the scope now names the client
-- (user or address, per form) and the request's body hash is kept beside the answer.
ALTER TABLE idempotency_keys ADD COLUMN request_hash TEXT NOT NULL DEFAULT '';
-- Keys kept before this change were scoped per form only; they can never match a new scope.
DELETE FROM idempotency_keys;
