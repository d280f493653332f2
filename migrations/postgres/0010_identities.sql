-- Sign-in through an OpenID Connect provider, and account deletion.
-- An identity is one (issuer, subject) pair that signs in to one account.
CREATE TABLE identities (
    issuer     TEXT NOT NULL,
    subject    TEXT NOT NULL,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email      TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (issuer, subject)
);

CREATE INDEX identities_user_id ON identities (user_id);

-- A deleted account keeps only its id and dates, so that the public record
-- of a raffle that had a draw still has an owner row to point at.
ALTER TABLE users ADD COLUMN deleted_at BIGINT;
