/** What commands may use of the claim screen: its requests (go to a finding, a section, back) and its wording. */
export { backToList } from './backToList.ts';
export { findingPlace, goToFirstScrubError } from './claimOnScreen.ts';
export { focusClaimSection, type ClaimSection } from './claimSections.ts';
export { parseTags, sizeText, tagsProblem, tagsText } from './documentText.ts';
export { dnaLine } from './dnaText.ts';
