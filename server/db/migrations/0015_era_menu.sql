-- The ERA screen (/app/era-search) is where payments come in: the first link under Payments.
INSERT INTO menu_links (menu_type_id, module_id, title, link, sort_order)
  SELECT t.menu_type_id, m.module_id, 'ERA', '/app/era-search', 1
  FROM menu_types t, modules m WHERE t.title = 'Payments' AND t.parent_id IS NULL AND m.code = 'PAYMENTS';
