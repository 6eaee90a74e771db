import { openDatabase } from '../db/open-database';
import { EnvError, parseEnv } from '../env';
import {
  addOperator,
  listOperators,
  OperatorCommandError,
  removeOperator,
} from '../modules/operators/manage-operators';

const USAGE = 'Usage: npm run operator -- add <email> | remove <email> | list';

/**
 * `npm run operator -- add|remove <email>` and `list` (docs/operators.md), against the database
 * the server is configured with (DATABASE_URL, else the PGlite in DATA_DIR, which is closed
 * before exit or the process would never end).
 */
async function main(args: string[]): Promise<number> {
  const [command, email] = args;
  const needsEmail = command === 'add' || command === 'remove';
  if (!(needsEmail ? email : command === 'list')) {
    console.error(USAGE);
    return 2;
  }
  const env = parseEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    if (command === 'list') {
      for (const row of await listOperators(database.db, env.OPERATORS.emails)) {
        const account = row.hasAccount ? '' : ', no verified account yet';
        const twoFactor = row.twoFactorEnabled ? 'two-factor on' : 'two-factor OFF';
        console.log(`${row.email} (${row.source}, ${twoFactor}${account})`);
      }
      return 0;
    }
    const changed =
      command === 'add'
        ? await addOperator(database.db, email!)
        : await removeOperator(database.db, email!);
    const done = command === 'add' ? 'is now an operator' : 'is no longer an added operator';
    const already = command === 'add' ? 'was already an operator' : 'was not an added operator';
    console.log(`${email} ${changed ? done : already}.`);
    if (command === 'remove' && env.OPERATORS.emails.includes(email!.trim().toLowerCase())) {
      console.log(`${email} is still in OPERATOR_EMAILS, which keeps it an operator.`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof OperatorCommandError || error instanceof EnvError;
    console.error(known ? error.message : error);
    process.exit(1);
  },
);
