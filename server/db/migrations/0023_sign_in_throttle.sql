-- Tries at the sign-in doors that a stranger can knock on, counted per kind, e-mail as typed
-- (lower-cased, whether or not an account has it) and client address, in a window: the password
-- step and the reset code by (e-mail, address), reset mails by e-mail and by address. A try is
-- taken before the slow check, in one statement, so parallel tries cannot pass the limit.
CREATE TABLE sign_in_throttle (
  kind text NOT NULL CHECK (kind IN ('password', 'reset_code', 'reset_mail_account', 'reset_mail_address')),
  subject text NOT NULL,
  address text NOT NULL,
  tries integer NOT NULL CHECK (tries >= 0),
  window_ends timestamptz NOT NULL,
  PRIMARY KEY (kind, subject, address)
);

-- Wrong tries of an e-mailed code: at the limit the code is spent, without locking the account.
ALTER TABLE passcodes ADD COLUMN failed_tries integer NOT NULL DEFAULT 0;
