import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { createTestDatabase } from '../../../tests/support/test-app';
import { createUserRepository, type UserRepository } from './user-repository';

describe('user repository', () => {
  let handle: DatabaseHandle;
  let users: UserRepository;
  const account = (id: string, email: string, role: 'admin' | 'staff', banned: boolean | null, createdAt: string) => ({
    id,
    name: id,
    email,
    emailVerified: false,
    role,
    banned,
    createdAt: new Date(createdAt),
    updatedAt: new Date(createdAt),
  });
  beforeAll(async () => {
    handle = await createTestDatabase();
    users = createUserRepository(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('finds admins: a disabled one does not count as active, the earliest is first', async () => {
    expect(await users.activeAdminExists()).toBe(false);
    expect(await users.firstAdminId()).toBeUndefined();
    await handle.db
      .insertInto('user')
      .values(account('u-old-admin', 'old@example.com', 'admin', true, '2026-01-01T00:00:00Z'))
      .execute();
    expect(await users.activeAdminExists()).toBe(false);
    await handle.db
      .insertInto('user')
      .values(account('u-staff', 'ann@example.com', 'staff', null, '2026-01-02T00:00:00Z'))
      .execute();
    expect(await users.activeAdminExists()).toBe(false);
    await users.promoteToAdmin('u-staff');
    expect(await users.activeAdminExists()).toBe(true);
    expect(await users.firstAdminId()).toBe('u-old-admin');
  });

  it('looks an e-mail up trimmed and case-insensitively', async () => {
    expect(await users.idByEmail('  ANN@example.com ')).toBe('u-staff');
    expect(await users.idByEmail('nobody@example.com')).toBeUndefined();
  });

  it('creates a locked account once', async () => {
    const locked = { id: 'u-locked', name: 'Locked', email: 'locked@example.invalid', reason: 'demo owner' };
    await users.ensureLockedAccount(locked);
    await users.ensureLockedAccount({ ...locked, name: 'Renamed' });
    const rows = await handle.db.selectFrom('user').select(['name', 'banned', 'banReason']).where('id', '=', 'u-locked').execute();
    expect(rows).toEqual([{ name: 'Locked', banned: true, banReason: 'demo owner' }]);
  });
});
