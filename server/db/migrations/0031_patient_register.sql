-- The patient search screen under Patients; registering and editing a patient open from it.
INSERT INTO menu_links (menu_type_id, module_id, title, link, sort_order)
  SELECT t.menu_type_id, m.module_id, 'Patient Search', '/app/patient-search', 1
  FROM menu_types t, modules m WHERE t.title = 'Patients' AND t.parent_id IS NULL AND m.code = 'PATIENTS';
