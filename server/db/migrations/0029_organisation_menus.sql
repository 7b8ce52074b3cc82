-- The organisation's administration screens under Settings: groups (clients) with their login
-- page, practices, facilities, providers and payers, before the access screens of 0027.
INSERT INTO menu_links (menu_type_id, module_id, title, link, sort_order)
  SELECT t.menu_type_id, m.module_id, l.title, l.link, l.sort_order
  FROM menu_types t
  CROSS JOIN (VALUES ('Groups', '/setting/group', 'ADMIN_GROUPS', 11),
                     ('Practices', '/setting/practices', 'ADMIN_PRACTICES', 12),
                     ('Facilities', '/setting/facilities', 'ADMIN_FACILITIES', 13),
                     ('Providers', '/setting/providers', 'ADMIN_PROVIDERS', 14),
                     ('Insurances', '/setting/insurances', 'ADMIN_INSURANCES', 15)) AS l (title, link, code, sort_order)
  JOIN modules m ON m.code = l.code
  WHERE t.title = 'Settings' AND t.parent_id IS NULL;
