-- When the account's e-mail was proven to belong to its owner (a provider
-- that verified it, later a confirmation link); NULL while unproven. A
-- provider's identity is attached only to an account whose e-mail is proven
-- (store/identities.go).
ALTER TABLE users ADD COLUMN email_verified_at INTEGER;

-- Accounts that already had a provider's identity got it only for a
-- verified address (an unverified one made an account of its own, whose
-- stored e-mail starts with '#'): proven since their first identity.
UPDATE users SET email_verified_at = (SELECT MIN(i.created_at) FROM identities i WHERE i.user_id = users.id)
WHERE email NOT LIKE '#%' AND EXISTS (SELECT 1 FROM identities i WHERE i.user_id = users.id);
