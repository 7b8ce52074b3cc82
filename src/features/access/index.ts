/** What commands use of the access screens. */
export { shownRefusal } from './accessText.ts';
export { startReEnrolment } from './reEnrolment.ts';
