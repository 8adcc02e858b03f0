/** The admin the e2e server creates at start from ADMIN_EMAIL / ADMIN_PASSWORD (there is no default admin: decision 070). */
export const E2E_ADMIN = { email: 'e2e-admin@mingo.local', password: 'e2e-admin-password' } as const;
