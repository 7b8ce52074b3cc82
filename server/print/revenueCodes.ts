/**
 * FL43's description of a revenue line, by revenue category (the code's first three digits), in
 * the NUBC's standard abbreviations. The payer reads the revenue code itself; the words are for
 * the person holding the paper, so categories not listed print none.
 */
const CATEGORY_NAMES: Readonly<Record<string, string>> = {
  '010': 'ALL INCL R&B',
  '011': 'ROOM-BOARD/PVT',
  '012': 'ROOM-BOARD/SEMI',
  '013': 'ROOM-BOARD/3&4',
  '015': 'ROOM-BOARD/WARD',
  '020': 'INTENSIVE CARE',
  '021': 'CORONARY CARE',
  '025': 'PHARMACY',
  '026': 'IV THERAPY',
  '027': 'MED-SUR SUPPLIES',
  '030': 'LABORATORY',
  '031': 'PATHOLOGY LAB',
  '032': 'DX X-RAY',
  '033': 'RADIOLOGY-THERAPEUTIC',
  '034': 'NUCLEAR MEDICINE',
  '035': 'CT SCAN',
  '036': 'OR SERVICES',
  '037': 'ANESTHESIA',
  '038': 'BLOOD',
  '041': 'RESPIRATORY SVC',
  '042': 'PHYSICAL THERP',
  '043': 'OCCUPATION THER',
  '044': 'SPEECH PATHOL',
  '045': 'EMERG ROOM',
  '046': 'PULMONARY FUNC',
  '048': 'CARDIOLOGY',
  '049': 'AMBUL SURG',
  '051': 'CLINIC',
  '061': 'MRI',
  '063': 'DRUGS/DETAIL CODE',
  '071': 'RECOVERY ROOM',
  '073': 'EKG/ECG',
  '076': 'TREATMENT/OBSERVATION RM',
};

export function revenueDescription(revenueCode: string | null): string | null {
  if (revenueCode === null) return null;
  const code = revenueCode.replace(/\D/g, '').padStart(4, '0');
  return CATEGORY_NAMES[code.slice(0, 3)] ?? null;
}
