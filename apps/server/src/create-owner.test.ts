import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app.ts';
import { createOwner } from './contexts/staff/index.ts';
import { UsageError, parseCreateOwnerArgs, runCreateOwner, secretReader } from './create-owner.ts';
import type { OwnerCommandDependencies } from './create-owner.ts';
import { passwordProblem } from './platform/auth/password-policy.ts';
import { createDb } from './platform/db/database.ts';
import { createTestApp, sqliteOnly, testConfig } from './test/test-db.ts';
import type { TestDatabase } from './test/test-db.ts';

function capture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  return {
    stream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(String(chunk));
        done();
      },
    }),
    text: () => chunks.join(''),
  };
}

function piped(...lines: string[]): PassThrough {
  const input = new PassThrough();
  input.end(lines.map((line) => `${line}\n`).join(''));
  return input;
}

const STRONG = 'violet-Anchor-93-tundra';

function fakes() {
  const created: unknown[] = [];
  const invited: unknown[] = [];
  const deps: OwnerCommandDependencies = {
    createOwner: (input) => {
      created.push(input);
      return Promise.resolve({ userId: 1 });
    },
    inviteOwner: (input) => {
      invited.push(input);
      return Promise.resolve({ link: 'http://localhost:3000/admin/accept-invitation#token=abc' });
    },
    passwordProblem: (password) =>
      Promise.resolve(
        password.length < 12
          ? 'Use at least 12 characters.'
          : password === 'password1234'
            ? 'Too common.'
            : undefined,
      ),
    signInUrl: 'http://localhost:3000/adminlogin',
  };
  return { deps, created, invited };
}

describe('admin:create-owner arguments', () => {
  it('reads --key value and --key=value', () => {
    expect(
      parseCreateOwnerArgs([
        '--email',
        'Owner@Practice.Example',
        '--brand=smile-co',
        '--brand-name',
        'Smile & Co',
      ]),
    ).toEqual({ email: 'owner@practice.example', brand: 'smile-co', brandName: 'Smile & Co', invite: false });
    expect(parseCreateOwnerArgs(['--email=a@b.co', '--brand', 'x', '--invite']).invite).toBe(true);
  });

  it('refuses missing or malformed options, and a password on the command line', () => {
    expect(() => parseCreateOwnerArgs(['--brand', 'x'])).toThrow(UsageError);
    expect(() => parseCreateOwnerArgs(['--email', 'a@b.co', '--brand', 'Not A Slug'])).toThrow(/slug/);
    expect(() => parseCreateOwnerArgs(['--email', 'a@b.co', '--brand', 'x', '--password', 'secret'])).toThrow(
      /Unknown option: --password/,
    );
  });
});

describe('admin:create-owner', () => {
  it('creates the owner with a password typed twice (piped input)', async () => {
    const { deps, created } = fakes();
    const out = capture();
    const code = await runCreateOwner(
      ['--email', 'first@practice.example', '--brand', 'first-practice', '--brand-name', 'First Practice'],
      { input: piped(STRONG, STRONG), output: out.stream },
      deps,
    );
    expect(code).toBe(0);
    expect(created).toEqual([
      {
        email: 'first@practice.example',
        brandSlug: 'first-practice',
        brandName: 'First Practice',
        password: STRONG,
      },
    ]);
    expect(out.text()).toContain('Owner first@practice.example created for first-practice');
    expect(out.text()).not.toContain(STRONG);
  });

  it('refuses a short or common password, or two that differ, and creates nothing', async () => {
    for (const lines of [['short-pw'], ['password1234'], [STRONG, `${STRONG}x`], []]) {
      const { deps, created } = fakes();
      const out = capture();
      const code = await runCreateOwner(
        ['--email', 'a@b.co', '--brand', 'x'],
        { input: piped(...lines), output: out.stream },
        deps,
      );
      expect(code).toBe(1);
      expect(created).toEqual([]);
      expect(out.text()).toContain('No owner created');
    }
  });

  it('with --invite asks for no password and prints the link when no e-mail is configured', async () => {
    const { deps, created, invited } = fakes();
    const out = capture();
    const code = await runCreateOwner(
      ['--email', 'inv@practice.example', '--brand', 'x', '--invite'],
      { input: piped(), output: out.stream },
      deps,
    );
    expect(code).toBe(0);
    expect(created).toEqual([]);
    expect(invited).toEqual([{ email: 'inv@practice.example', brandSlug: 'x' }]);
    expect(out.text()).toContain('#token=abc');
    expect(out.text()).not.toContain('Password');
  });

  it('prints the usage on a bad command line (exit 2)', async () => {
    const { deps } = fakes();
    const out = capture();
    expect(await runCreateOwner(['--brand', 'x'], { input: piped(), output: out.stream }, deps)).toBe(2);
    expect(out.text()).toContain('Usage: npm run admin:create-owner');
  });

  it('reads a terminal in raw mode without echoing what is typed', async () => {
    const input = Object.assign(new PassThrough(), {
      isTTY: true,
      raw: false,
      setRawMode(this: { raw: boolean }, raw: boolean) {
        this.raw = raw;
        return this;
      },
    });
    const out = capture();
    const reader = secretReader(input, out.stream);
    const read = reader.read('Password: ');
    expect(input.raw).toBe(true);
    input.write('sec');
    input.write('ret\u007fT\r');
    expect(await read).toBe('secreT');
    expect(input.raw).toBe(false);
    expect(out.text()).toBe('Password: \n');
  });
});

describe('admin:create-owner on a real database', () => {
  let t: TestDatabase;
  let app: App;
  beforeAll(async () => {
    t = await sqliteOnly().create();
    app = await createTestApp(t);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.destroy();
  });

  it('creates the brand and its owner, who can then sign in', async () => {
    const out = capture();
    const code = await runCreateOwner(
      ['--email', 'founder@clinic.example', '--brand', 'new-clinic', '--brand-name', 'New Clinic'],
      { input: piped(STRONG, STRONG), output: out.stream },
      {
        createOwner: (input) => createOwner(t.db, input),
        inviteOwner: () => Promise.reject(new Error('not used')),
        passwordProblem,
        signInUrl: 'http://localhost:3000/adminlogin',
      },
    );
    expect(code, out.text()).toBe(0);
    const login = await app.inject({
      method: 'POST',
      url: '/api/config/login',
      payload: { email: 'founder@clinic.example', password: STRONG },
      remoteAddress: '198.18.9.9',
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json<{ session: { activeClient: { slug: string }; role: string } }>().session).toMatchObject(
      {
        activeClient: { slug: 'new-clinic' },
        role: 'owner',
      },
    );
  });

  it('refuses a common password with the real policy', async () => {
    const out = capture();
    const code = await runCreateOwner(
      ['--email', 'weak@clinic.example', '--brand', 'new-clinic'],
      { input: piped('password1234', 'password1234'), output: out.stream },
      {
        createOwner: (input) => createOwner(t.db, input),
        inviteOwner: () => Promise.reject(new Error('not used')),
        passwordProblem,
        signInUrl: '',
      },
    );
    expect(code).toBe(1);
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'weak@clinic.example')
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });
});

describe('the admin:create-owner command (a process, password piped in)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'create-owner-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the first owner of a production database', async () => {
    const sqlitePath = path.join(dir, 'production.db');
    const cli = fileURLToPath(new URL('./create-owner-cli.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        cli,
        '--email',
        'first@prod.example',
        '--brand',
        'prod-clinic',
        '--brand-name',
        'Prod Clinic',
      ],
      {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          SQLITE_PATH: sqlitePath,
          DATABASE_URL: '',
          DATABASE_APP_URL: '',
          LOG_LEVEL: 'silent',
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.stdin.end(`${STRONG}\n${STRONG}\n`);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, output).toBe(0);
    expect(output).toContain('Owner first@prod.example created for prod-clinic');
    expect(output).not.toContain(STRONG);
    const db = createDb(testConfig({ SQLITE_PATH: sqlitePath }));
    try {
      const owner = await db
        .selectFrom('users')
        .innerJoin('memberships', 'memberships.user_id', 'users.id')
        .select(['users.email', 'memberships.role'])
        .execute();
      expect(owner).toEqual([{ email: 'first@prod.example', role: 'owner' }]);
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
