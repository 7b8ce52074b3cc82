-- Inviting staff: a new user gets an e-mailed link, sets a password and enrols an authenticator
-- app before the first sign-in. The link's token is kept hashed; the authenticator key waiting
-- for its first code is kept sealed, like totp_secret.
CREATE TABLE user_invitations (
  invitation_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users,
  token_hash text NOT NULL UNIQUE,
  invited_by bigint REFERENCES users,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  password_set_at timestamptz,
  accepted_at timestamptz,
  revoked_at timestamptz,
  failed_tries integer NOT NULL DEFAULT 0
);
CREATE INDEX user_invitations_user_idx ON user_invitations (user_id) WHERE accepted_at IS NULL AND revoked_at IS NULL;

ALTER TABLE users ADD COLUMN totp_pending_secret text;

-- The administration screens of users, menu roles, modules and data roles, under Settings.
INSERT INTO menu_links (menu_type_id, module_id, title, link, sort_order)
  SELECT t.menu_type_id, m.module_id, l.title, l.link, l.sort_order
  FROM menu_types t
  CROSS JOIN (VALUES ('Users', '/setting/users', 'ADMIN_USERS', 21),
                     ('Menu Roles', '/setting/roles', 'ADMIN_ROLES', 22),
                     ('Modules', '/setting/modules', 'ADMIN_ROLES', 23),
                     ('Data Roles', '/setting/data-roles', 'ADMIN_DATA_ROLES', 24)) AS l (title, link, code, sort_order)
  JOIN modules m ON m.code = l.code
  WHERE t.title = 'Settings' AND t.parent_id IS NULL;
