-- The money and activity reports: the reports index under Reports, and one link a report under a
-- "Money and Activity" group of its own, so the Reports menu stays short.
INSERT INTO menu_links (menu_type_id, module_id, title, link, sort_order)
  SELECT t.menu_type_id, m.module_id, 'All Reports', '/app/reports', 0
  FROM menu_types t, modules m WHERE t.title = 'Reports' AND t.parent_id IS NULL AND m.code = 'REPORTS'
  ON CONFLICT (link) DO NOTHING;

INSERT INTO menu_types (parent_id, title, icon, sort_order)
  SELECT menu_type_id, 'Money and Activity', 'reports', 10 FROM menu_types WHERE title = 'Reports' AND parent_id IS NULL;

INSERT INTO menu_links (menu_type_id, module_id, title, link, sort_order)
  SELECT t.menu_type_id, m.module_id, r.title, r.link, r.sort_order
  FROM menu_types t
  JOIN menu_types parent ON parent.menu_type_id = t.parent_id AND parent.title = 'Reports' AND parent.parent_id IS NULL
  CROSS JOIN modules m
  CROSS JOIN (VALUES
    ('Charge Detail', '/app/reports/charge-detail', 1),
    ('Procedure Transaction History', '/app/reports/procedure-transaction-history', 2),
    ('Plan Procedure History', '/app/reports/plan-procedure-history', 3),
    ('Claim Activity by Provider', '/app/reports/claim-activity-by-provider', 4),
    ('Charges and Payments Summary', '/app/reports/charges-and-payments-summary', 5),
    ('Payment Report', '/app/reports/payments', 6),
    ('ERA Data', '/app/reports/era-data', 7),
    ('Patient Advance Payments', '/app/reports/patient-advance-payments', 8),
    ('Insurance Profile by Provider', '/app/reports/insurance-profile-by-provider', 9),
    ('Claim Batch Submit', '/app/reports/claim-batch-submit', 10),
    ('Patient Accounting Detail', '/app/reports/patient-accounting-detail', 11),
    ('Ledger Account', '/app/reports/ledger-account', 12)
  ) AS r (title, link, sort_order)
  WHERE t.title = 'Money and Activity' AND m.code = 'REPORTS';

-- The reports read a data role's practices over a range of posting dates.
CREATE INDEX ledger_entries_practice_posting_idx ON ledger_entries (practice_id, posting_date);
