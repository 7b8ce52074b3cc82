/** The four characters an interchange declares for itself in its ISA segment. */
export interface Delimiters {
  element: string;
  component: string;
  /** ISA11 in 5010; null in 4010, where ISA11 is the standards identifier ('U'). */
  repetition: string | null;
  segment: string;
}

/** What our own files use: the characters of the 005010 implementation guides' examples. */
export const STANDARD_DELIMITERS: Delimiters = { element: '*', component: ':', repetition: '^', segment: '~' };

/** Where the delimiters were found: the ISA's text ends at `isaEnd` (the terminator's index). */
export interface DetectedDelimiters {
  delimiters: Delimiters;
  isaEnd: number;
}

const ISA_ELEMENTS = 16;

function isAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/**
 * Reads the delimiters from the ISA starting at `isaAt`. The separators are counted rather than
 * taken at the fixed offsets 103-105, so an ISA whose padded fields are a character short or long
 * (common in hand-made and legacy files) still reads. Null when the text is not an ISA.
 */
export function detectDelimiters(text: string, isaAt: number): DetectedDelimiters | null {
  const element = text[isaAt + 3];
  if (element === undefined) return null;
  const elementCode = element.charCodeAt(0);
  if (isAlphanumeric(elementCode) || elementCode <= 32) return null;
  let at = isaAt + 3;
  let repetitionStart = -1;
  for (let index = 1; index < ISA_ELEMENTS; index++) {
    at = text.indexOf(element, at + 1);
    if (at < 0) return null;
    if (index === 10) repetitionStart = at + 1;
  }
  const component = text[at + 1];
  const segment = text[at + 2];
  if (component === undefined || segment === undefined) return null;
  if (component === element || segment === element || segment === component) return null;
  const repetitionField = text.slice(repetitionStart, text.indexOf(element, repetitionStart));
  const repetition =
    repetitionField.length === 1 && !isAlphanumeric(repetitionField.charCodeAt(0)) && repetitionField !== ' '
      ? repetitionField
      : null;
  return { delimiters: { element, component, repetition, segment }, isaEnd: at + 2 };
}
