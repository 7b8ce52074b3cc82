-- Fixed lookups (ids match contract/claimStatus.ts), the modules a role can hold, and the menu.

INSERT INTO claim_statuses (claim_status_id, name, category) VALUES
  (1, 'Draft', 'open'), (2, 'Ready to Submit', 'open'), (3, 'Submitted', 'in_process'),
  (4, 'Accepted by Payer', 'in_process'), (5, 'Rejected', 'action_needed'), (6, 'Denied', 'action_needed'),
  (7, 'Partially Paid', 'in_process'), (8, 'Paid', 'closed'), (9, 'Patient Balance', 'in_process'),
  (10, 'Closed', 'closed'), (11, 'Void', 'closed');

INSERT INTO scrub_statuses (scrub_status_id, name) VALUES
  (1, 'Not Scrubbed'), (2, 'Passed'), (3, 'Failed'), (4, 'Forcefully Passed');

INSERT INTO submit_statuses (submit_status_id, name) VALUES
  (1, 'Not Submitted'), (2, 'Submitted'), (3, 'Accepted by Clearinghouse'), (4, 'Rejected by Clearinghouse');

INSERT INTO note_types (note_type_id, name) VALUES
  (1, 'General'), (2, 'Billing'), (3, 'Follow-up'), (4, 'Denial'), (5, 'Payment'), (6, 'System');

INSERT INTO task_types (task_type_id, name) VALUES
  (1, 'Follow up with payer'), (2, 'Appeal denial'), (3, 'Correct and resubmit'), (4, 'Verify eligibility'),
  (5, 'Obtain authorization'), (6, 'Call patient');

INSERT INTO document_categories (category_id, name) VALUES
  (1, 'EOB'), (2, 'Medical Records'), (3, 'Authorization'), (4, 'Correspondence'), (5, 'Insurance Card'), (6, 'Other');

INSERT INTO modules (code, name, module_type) VALUES
  ('DASHBOARD', 'AR Dashboard', 'billing'),
  ('CLAIMS', 'Claims', 'billing'),
  ('PATIENTS', 'Patients', 'billing'),
  ('PAYMENTS', 'Payments', 'billing'),
  ('REPORTS', 'Reports', 'billing'),
  ('ADMIN_USERS', 'Users', 'administration'),
  ('ADMIN_ROLES', 'Roles and Modules', 'administration'),
  ('ADMIN_DATA_ROLES', 'Data Roles', 'administration'),
  ('ADMIN_GROUPS', 'Groups', 'administration'),
  ('ADMIN_PRACTICES', 'Practices', 'administration'),
  ('ADMIN_FACILITIES', 'Facilities', 'administration'),
  ('ADMIN_PROVIDERS', 'Providers', 'administration'),
  ('ADMIN_INSURANCES', 'Insurances', 'administration');

-- Menu links exist only for screens the app has; each later screen adds its own row.
INSERT INTO menu_types (parent_id, title, icon, sort_order) VALUES
  (NULL, 'Claims', 'claims', 1),
  (NULL, 'Payments', 'payments', 2),
  (NULL, 'Patients', 'patients', 3),
  (NULL, 'Reports', 'reports', 4),
  (NULL, 'Settings', 'settings', 5);
INSERT INTO menu_types (parent_id, title, icon, sort_order)
  SELECT menu_type_id, 'Work Lists', 'list', 1 FROM menu_types WHERE title = 'Claims' AND parent_id IS NULL;

INSERT INTO menu_links (menu_type_id, module_id, title, link, sort_order)
  SELECT t.menu_type_id, m.module_id, 'All Claims', '/app/all-claims', 1
  FROM menu_types t, modules m WHERE t.title = 'Work Lists' AND m.code = 'CLAIMS';
