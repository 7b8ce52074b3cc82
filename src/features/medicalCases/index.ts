/** What commands may use of the medical-case offer on the claim form. */
export { openCaseOffer, openCaseOfferTaken } from './openCaseOffer.ts';
