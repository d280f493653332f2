-- E-mail: the outbox the sender drains (a restart loses no message; a mail
-- server that is down delays mail, not requests) and the single-use links
-- sent by e-mail, stored by the SHA-256 of their token (docs/operations.md,
-- "E-mail"). Times are Unix milliseconds.
CREATE TABLE mail_outbox (
    id         TEXT PRIMARY KEY,
    -- 'message': ready to send; 'forgot': a reset request the sender turns
    -- into a message, or drops when no account has that address.
    kind       TEXT NOT NULL,
    to_addr    TEXT NOT NULL,
    subject    TEXT NOT NULL,
    text_body  TEXT NOT NULL,
    html_body  TEXT NOT NULL,
    attempts   INTEGER NOT NULL,
    next_at    INTEGER NOT NULL,
    last_error TEXT NOT NULL,
    created_at INTEGER NOT NULL
);

CREATE INDEX mail_outbox_next_at ON mail_outbox (next_at);

CREATE TABLE email_tokens (
    token_hash BLOB PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- 'confirm', 'reset' or 'change'
    purpose    TEXT NOT NULL,
    -- The address the link was sent to (for 'change', the new one).
    email      TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at    INTEGER
);

CREATE INDEX email_tokens_user_id ON email_tokens (user_id);
