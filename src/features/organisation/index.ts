/** What the organisation's commands take from its screens: how a branding file is sent. */
export { BRANDING_ACCEPT, brandingUpload } from './brandingImage.ts';
