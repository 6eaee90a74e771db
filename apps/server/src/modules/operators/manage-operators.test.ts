import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { insertTestUser } from '../../../test/insert-test-user';
import '../../../test/provided-context';
import { openTestDatabase } from '../../../test/open-test-database';
import { bundledServerFile } from '../../../test/server-bundle';
import { adminAudit } from '../admin-audit/admin-audit-tables';
import { operators } from './operators-tables';
import { user } from '../auth/auth-tables';
import type { Database } from '../../db/database';
import { getOperatorStatus } from './get-operator-status';
import {
  addOperator,
  listOperators,
  OperatorCommandError,
  removeOperator,
} from './manage-operators';

const SERVER_DIR = path.resolve(import.meta.dirname, '../../..');

describe('npm run operator (add, remove, list)', () => {
  let database: Database;
  let userId: string;
  let email: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    userId = await insertTestUser(database.db);
    email = `${userId}@example.com`;
  });
  afterAll(() => database.close());

  it('adds and removes the role by address (any case), auditing each change once', async () => {
    const db = database.db;
    expect(await addOperator(db, email.toUpperCase())).toBe(true);
    expect(await addOperator(db, email)).toBe(false);
    expect((await getOperatorStatus({ db, userId, operatorEmails: [] })).isOperator).toBe(true);
    expect(await listOperators(db, [])).toEqual([
      { email, source: 'added', hasAccount: true, twoFactorEnabled: false },
    ]);
    expect(await removeOperator(db, email)).toBe(true);
    expect(await removeOperator(db, email)).toBe(false);
    expect(await db.select().from(operators)).toEqual([]);
    const audit = await db.select().from(adminAudit).where(eq(adminAudit.targetUserId, userId));
    expect(audit.map((row) => [row.action, row.operatorId])).toEqual([
      ['operator_add', 'shell'],
      ['operator_remove', 'shell'],
    ]);
  });

  it('does not honour a listed address until it is verified', async () => {
    const db = database.db;
    const pending = await insertTestUser(db);
    await db.update(user).set({ emailVerified: false }).where(eq(user.id, pending));
    const listed = [`${pending}@example.com`];
    const status = await getOperatorStatus({ db, userId: pending, operatorEmails: listed });
    expect(status.isOperator).toBe(false);
    expect((await listOperators(db, listed))[0]?.hasAccount).toBe(false);
  });

  it('refuses an address nobody signed up with', async () => {
    await expect(addOperator(database.db, 'nobody@example.com')).rejects.toThrow(
      OperatorCommandError,
    );
  });

  it('honours OPERATOR_EMAILS without a row, for verified addresses only, and lists them', async () => {
    const db = database.db;
    const status = await getOperatorStatus({ db, userId, operatorEmails: [email] });
    expect(status.isOperator).toBe(true);
    expect(await listOperators(db, [email, 'later@example.com'])).toEqual([
      { email, source: 'OPERATOR_EMAILS', hasAccount: true, twoFactorEnabled: false },
      {
        email: 'later@example.com',
        source: 'OPERATOR_EMAILS',
        hasAccount: false,
        twoFactorEnabled: false,
      },
    ]);
  });
});

// The command opens the PGlite in DATA_DIR whichever database the suite runs against: once is
// enough.
describe.runIf(inject('databaseKind') === 'pglite')(
  'the operator command as a process (PGlite in DATA_DIR)',
  () => {
    let dataDir: string;
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'nocturne-operator-cli-'));
    });
    afterAll(() => rm(dataDir, { recursive: true, force: true }));

    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, [bundledServerFile('operator-cli'), ...args], {
        cwd: SERVER_DIR,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, OPERATOR_EMAILS: 'boss@example.com' },
        timeout: 60_000,
      });

    it('migrates, answers and exits (the database is closed); an unknown address fails', async () => {
      const listed = await run(['list']);
      expect(listed.stdout).toContain('boss@example.com (OPERATOR_EMAILS, two-factor OFF');
      await expect(run(['add', 'nobody@example.com'])).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('No account uses nobody@example.com'),
      });
      await expect(run(['promote'])).rejects.toMatchObject({ code: 2 });
    }, 90_000);
  },
);
