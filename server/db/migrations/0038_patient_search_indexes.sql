-- The patient search screen at a million patients (bench/patientSearch.ts): each way a search text
-- can match has an index of its own, and the search unions the patients each finds instead of
-- testing every patient against all of them. Names and account numbers and member IDs are matched
-- upper-cased by prefix; a phone by its last digits, so its digits are indexed reversed.
CREATE INDEX patients_upper_last_name_idx ON patients (upper(last_name) text_pattern_ops);
CREATE INDEX patients_upper_first_name_idx ON patients (upper(first_name) text_pattern_ops);
CREATE INDEX patients_date_of_birth_idx ON patients (date_of_birth);
CREATE INDEX patients_upper_account_idx ON patients (upper(account_number) text_pattern_ops);
CREATE INDEX patients_phone_digits_reversed_idx
  ON patients (reverse(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')) text_pattern_ops);
CREATE INDEX patient_insurances_upper_subscriber_idx ON patient_insurances (upper(subscriber_id) text_pattern_ops);
