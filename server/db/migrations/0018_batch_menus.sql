-- The batch screens sit under Payments: deposits (payment batches) right after the ERA screen, as
-- money comes in; the superbill runs and the scanned mail filed before posting after the payments
-- screens of migration 0019.
INSERT INTO menu_links (menu_type_id, module_id, title, link, sort_order)
  SELECT t.menu_type_id, m.module_id, l.title, l.link, l.sort_order
  FROM menu_types t, modules m,
       (VALUES ('Payment Batches', '/app/payment-batches', 2), ('Charge Batches', '/app/charge-batches', 5), ('Document Batches', '/app/document-batches', 6)) AS l (title, link, sort_order)
  WHERE t.title = 'Payments' AND t.parent_id IS NULL AND m.code = 'PAYMENTS';
