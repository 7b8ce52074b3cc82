/** The fixed, documented demo sign-in. Demo-only: never use this secret for a real account. */
export const DEMO_EMAIL = 'admin@demo.test';
export const DEMO_PASSWORD = 'Demo-Billing-1';
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
