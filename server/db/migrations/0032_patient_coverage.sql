-- A subscriber other than the patient is sent on the claim with a sex as well as a name and birth
-- date; a guarantor is a person with a birth date and a full address.
ALTER TABLE patient_insurances
  ADD COLUMN subscriber_sex text CHECK (subscriber_sex IN ('M', 'F', 'U'));

ALTER TABLE patient_guarantors
  ADD COLUMN middle_name text,
  ADD COLUMN date_of_birth date,
  ADD COLUMN address2 text;
