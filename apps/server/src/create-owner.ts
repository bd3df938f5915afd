/*
 * `npm run admin:create-owner -- --email … --brand …` (issue 15 #6): the first owner of a
 * production install, which starts with no account (the demo is seeded only in development or
 * with SEED_DEMO=true). The password is typed at a hidden prompt (twice), checked against the
 * password policy (≥ 12 characters, not common: platform/auth/password-policy.ts) and never
 * appears in an argument, the environment or a log; piped input (one line per prompt) works for
 * scripts. With `--invite` no password is chosen here: the person gets an invitation link.
 * The work itself is contexts/staff's `createOwner` / `inviteOwner`; this file is the command line.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

export interface CreateOwnerArgs {
  email: string;
  /** The brand's slug: an existing brand, or the one to create. */
  brand: string;
  /** The name of a brand to create (default: from the slug). */
  brandName?: string;
  /** The owner's display name (default: from the e-mail). */
  name?: string;
  invite: boolean;
}

export const CREATE_OWNER_USAGE = [
  'Usage: npm run admin:create-owner -- --email <address> --brand <slug> [--brand-name "<name>"] [--name "<name>"] [--invite]',
  "  --email       the owner's e-mail address (their sign-in)",
  '  --brand       the practice (brand) slug, e.g. brightsmile; created when it does not exist',
  "  --brand-name  the practice's name when it is created (default: from the slug)",
  "  --name        the owner's display name (default: from the e-mail)",
  '  --invite      send an invitation link instead of asking for a password',
].join('\n');

export class UsageError extends Error {}

const VALUE_OPTIONS = new Set(['email', 'brand', 'brand-name', 'name']);

/** Reads the options (`--key value` or `--key=value`); throws UsageError with a clear message. */
export function parseCreateOwnerArgs(argv: readonly string[]): CreateOwnerArgs {
  const values: Record<string, string> = {};
  let invite = false;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    if (match === null) throw new UsageError(`Unexpected argument: ${arg}`);
    const [, key = '', inline] = match;
    if (key === 'invite') {
      invite = true;
      continue;
    }
    if (key === 'help') throw new UsageError('');
    if (!VALUE_OPTIONS.has(key)) throw new UsageError(`Unknown option: --${key}`);
    const value = inline ?? argv[++index];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`--${key} needs a value`);
    values[key] = value.trim();
  }
  const email = values.email?.toLowerCase();
  if (email === undefined || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new UsageError('--email needs an e-mail address');
  }
  const brand = values.brand;
  if (brand === undefined || !/^[a-z0-9][a-z0-9-]{0,62}$/.test(brand)) {
    throw new UsageError('--brand needs a slug: lowercase letters, digits and dashes (e.g. brightsmile)');
  }
  return {
    email,
    brand,
    invite,
    ...(values['brand-name'] === undefined ? {} : { brandName: values['brand-name'] }),
    ...(values.name === undefined ? {} : { name: values.name }),
  };
}

type Input = Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

export interface SecretReader {
  /** Asks and reads one line without echo on a terminal; undefined at the end of piped input. */
  read(prompt: string): Promise<string | undefined>;
  readonly interactive: boolean;
  close(): void;
}

/** Hidden input on a terminal (raw mode, nothing echoed); one line per prompt from a pipe. */
export function secretReader(input: Input, output: Writable): SecretReader {
  if (input.isTTY === true && typeof input.setRawMode === 'function') {
    const setRaw = input.setRawMode.bind(input);
    return {
      interactive: true,
      read(prompt) {
        output.write(prompt);
        return new Promise((resolve, reject) => {
          let typed = '';
          const done = (value: string | undefined, error?: Error) => {
            input.off('data', onData);
            setRaw(false);
            input.pause();
            output.write('\n');
            if (error === undefined) resolve(value);
            else reject(error);
          };
          const onData = (chunk: Buffer | string) => {
            for (const char of String(chunk)) {
              if (char === '\r' || char === '\n') return done(typed);
              if (char === '\u0003') return done(undefined, new UsageError('Cancelled.'));
              if (char === '\u0004') return done(typed === '' ? undefined : typed);
              if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
              else typed += char;
            }
          };
          setRaw(true);
          input.resume();
          input.on('data', onData);
        });
      },
      close: () => undefined,
    };
  }
  const lines = createInterface({ input, terminal: false });
  const queue: string[] = [];
  const waiting: ((line: string | undefined) => void)[] = [];
  let ended = false;
  lines.on('line', (line) => {
    const next = waiting.shift();
    if (next === undefined) queue.push(line);
    else next(line);
  });
  lines.on('close', () => {
    ended = true;
    for (const next of waiting.splice(0)) next(undefined);
  });
  return {
    interactive: false,
    read(prompt) {
      output.write(prompt);
      const line = queue.shift();
      if (line !== undefined || ended) return Promise.resolve(line);
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () => lines.close(),
  };
}

export interface OwnerCommandDependencies {
  createOwner(input: {
    email: string;
    brandSlug: string;
    brandName?: string;
    displayName?: string;
    password: string;
  }): Promise<unknown>;
  inviteOwner(input: {
    email: string;
    brandSlug: string;
    brandName?: string;
    displayName?: string;
  }): Promise<unknown>;
  /** Why a password is refused, or undefined (platform/auth/password-policy.ts). */
  passwordProblem(
    password: string,
    userInputs: readonly string[],
  ): Promise<string | undefined> | string | undefined;
  /** Where the owner signs in (printed at the end). */
  signInUrl: string;
}

const MAX_TRIES = 3;

/** Asks for the password (twice) until it passes the policy; undefined when the input gives up. */
async function choosePassword(
  reader: SecretReader,
  output: Writable,
  { email, passwordProblem }: { email: string; passwordProblem: OwnerCommandDependencies['passwordProblem'] },
): Promise<string | undefined> {
  const tries = reader.interactive ? MAX_TRIES : 1;
  for (let attempt = 1; attempt <= tries; attempt++) {
    const password = await reader.read(`Password for ${email} (at least 12 characters): `);
    if (password === undefined) return undefined;
    const problem = await passwordProblem(password, [email]);
    if (problem !== undefined) {
      output.write(`${problem}\n`);
      continue;
    }
    const again = await reader.read('Repeat the password: ');
    if (again === password) return password;
    output.write('The two passwords differ.\n');
  }
  return undefined;
}

/** The link to hand over, when the invitation was not e-mailed. */
function linkOf(result: unknown): string | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const { link, delivery } = result as Record<string, unknown>;
  return typeof link === 'string' && delivery !== 'email' ? link : undefined;
}

/** Runs the command; resolves the process exit code (0 done, 1 refused, 2 usage). */
export async function runCreateOwner(
  argv: readonly string[],
  io: { input: Input; output: Writable },
  deps: OwnerCommandDependencies,
): Promise<number> {
  let args: CreateOwnerArgs;
  try {
    args = parseCreateOwnerArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.output.write(`${error.message === '' ? '' : `${error.message}\n\n`}${CREATE_OWNER_USAGE}\n`);
    return 2;
  }
  const target = {
    email: args.email,
    brandSlug: args.brand,
    ...(args.brandName === undefined ? {} : { brandName: args.brandName }),
    ...(args.name === undefined ? {} : { displayName: args.name }),
  };
  try {
    if (args.invite) {
      const link = linkOf(await deps.inviteOwner(target));
      io.output.write(
        link === undefined
          ? `Invitation for ${args.email} (owner of ${args.brand}) queued: the server e-mails it (now if it is running, else at its next start).\n`
          : `No e-mail is configured (SMTP_URL): give ${args.email} this single-use link (valid 72 hours):\n  ${link}\n`,
      );
      return 0;
    }
    const reader = secretReader(io.input, io.output);
    let password: string | undefined;
    try {
      password = await choosePassword(reader, io.output, {
        email: args.email,
        passwordProblem: (password, inputs) => deps.passwordProblem(password, inputs),
      });
    } finally {
      reader.close();
    }
    if (password === undefined) {
      io.output.write('No owner created: no acceptable password was given.\n');
      return 1;
    }
    await deps.createOwner({ ...target, password });
    io.output.write(`Owner ${args.email} created for ${args.brand}. Sign in at ${deps.signInUrl}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.output.write(`${error.message}\n`);
      return 1;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.output.write(`No owner created: ${message}\n`);
    return 1;
  }
}
