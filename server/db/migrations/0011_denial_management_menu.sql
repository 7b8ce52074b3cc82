-- The denial management screen (/app/denial-management) sits in the claims work lists: denied
-- claims are work, not a report read once a month.
INSERT INTO menu_links (menu_type_id, module_id, title, link, sort_order)
  SELECT t.menu_type_id, m.module_id, 'Denial Management', '/app/denial-management', 3
  FROM menu_types t, modules m WHERE t.title = 'Work Lists' AND m.code = 'CLAIMS';
