-- The payments screens: advance payments (a patient's credit) and the deposits with their ledger
-- rows (reconciliation), under Payments: reconciliation next to the payment batches it checks.
INSERT INTO menu_links (menu_type_id, module_id, title, link, sort_order)
  SELECT t.menu_type_id, m.module_id, v.title, v.link, v.sort_order
  FROM menu_types t, modules m,
       (VALUES ('Payment Reconciliation', '/app/payment-reconciliation', 3), ('Advance Payments', '/app/advance-payments', 4)) AS v (title, link, sort_order)
  WHERE t.title = 'Payments' AND t.parent_id IS NULL AND m.code = 'PAYMENTS';
