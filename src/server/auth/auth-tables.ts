import type { Generated } from 'kysely';
import type { Timestamp } from '../db/schema';

/**
 * Row types of better-auth's tables (migration 0002-auth). Column names are better-auth's
 * camelCase; better-auth writes these rows itself, our code mostly reads them (display names,
 * the Staff page).
 */
export type UserTable = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  role: string | null;
  banned: Generated<boolean | null>;
  banReason: string | null;
  banExpires: Timestamp | null;
  phoneNumber: string | null;
};

export type SessionTable = {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
};

export type AccountTable = {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Timestamp | null;
  refreshTokenExpiresAt: Timestamp | null;
  scope: string | null;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

export type SignInFailuresTable = {
  key: string;
  window_start: Timestamp;
  count: number;
};

export type AuthTables = {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  sign_in_failures: SignInFailuresTable;
};
