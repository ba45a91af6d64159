/**
 * `npm run --silent token -- <command>`: the registry's API tokens (spec section 6), on the database
 * of DATABASE_URL (SQLite or Postgres), with no server running. Migrates the database first, so it
 * works on a new one too.
 *
 *   token create --name NAME --namespaces NS[,NS…] --role read|write|admin   (the token is the last line)
 *   token list
 *   token revoke NAME
 *
 * Exit codes: 0 done, 1 refused (a name taken or unknown, a grant the rules refuse), 2 usage or
 * configuration error, or the database could not be reached.
 */
import { parseArgs } from 'node:util';
import { ALL_NAMESPACES, ROLES } from '../domain/access';
import { DependencyUnavailable, StoreConflict, type ApiTokenRecord } from '../domain/ports';
import { createStores, databaseErrorReason, migrateDatabase } from '../store';
import { issueToken, TokenRequestError } from './auth/tokens';
import { ConfigError, loadConfig } from './config';

const USAGE = `usage: npm run --silent token -- <command>

  create --name NAME --namespaces NS[,NS...] --role ${ROLES.join('|')}
      Makes an API token and prints it, alone on the last line. It is shown this once: the registry
      keeps only a hash of it. --namespaces '${ALL_NAMESPACES}' grants every namespace.
  list
      Every token: name, role, namespaces, when it was made and last used. Never the tokens.
  revoke NAME
      Ends the token at once, on every instance of the registry.

Uses DATABASE_URL, like the server. Send a token as "Authorization: Bearer <token>".`;

class UsageError extends Error {}

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) throw new UsageError('a command is needed.');
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  await migrateDatabase(config.databaseUrl);
  const { tools, tokens } = await createStores(config.databaseUrl);
  try {
    switch (command) {
      case 'create': {
        const { values } = parseArgs({
          args: rest,
          options: { name: { type: 'string' }, namespaces: { type: 'string' }, role: { type: 'string' } },
          strict: true,
        });
        if (!values.name || !values.namespaces || !values.role) throw new UsageError('create needs --name, --namespaces and --role.');
        const namespaces = values.namespaces
          .split(',')
          .map((ns) => ns.trim())
          .filter(Boolean);
        const { token, record } = await issueToken(tokens, { name: values.name, role: values.role, namespaces });
        console.log(`Created the API token "${record.name}" (${describeGrant(record)}). It is shown only now; keep it secret:`);
        console.log(token);
        return 0;
      }
      case 'list': {
        parseArgs({ args: rest, options: {}, strict: true });
        const all = await tokens.list();
        if (all.length === 0) console.log('No API tokens.');
        for (const record of all) {
          const lastUsed = record.lastUsedAt ? `last used ${record.lastUsedAt.toISOString()}` : 'never used';
          console.log(`${record.name}\t${describeGrant(record)}\tcreated ${record.createdAt.toISOString()}\t${lastUsed}`);
        }
        return 0;
      }
      case 'revoke': {
        const { positionals } = parseArgs({ args: rest, options: {}, allowPositionals: true, strict: true });
        if (positionals.length !== 1) throw new UsageError('revoke takes the name of one token.');
        const name = positionals[0]!;
        if (!(await tokens.revoke(name))) {
          console.error(`toolgraph: there is no API token named "${name}".`);
          return 1;
        }
        console.log(`Revoked the API token "${name}": every instance refuses it within a second.`);
        return 0;
      }
      default:
        throw new UsageError(`unknown command "${command}".`);
    }
  } finally {
    await tools.close();
  }
}

function describeGrant(record: ApiTokenRecord): string {
  const namespaces = record.namespaces === ALL_NAMESPACES ? 'every namespace' : `namespaces ${record.namespaces.join(', ') || '(none)'}`;
  return `role ${record.role}, ${namespaces}`;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      console.error(`toolgraph: ${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (error instanceof TokenRequestError) console.error(`toolgraph: ${error.message}`);
    else if (error instanceof StoreConflict) console.error(`toolgraph: an API token named "${error.toolName}" exists already.`);
    else if (error instanceof ConfigError) console.error(`toolgraph: ${error.message}`);
    else if (error instanceof DependencyUnavailable) console.error(`toolgraph: the database is not reachable (${databaseErrorReason(error)}).`);
    else console.error('toolgraph: the token command failed:', error);
    process.exit(error instanceof TokenRequestError || error instanceof StoreConflict ? 1 : 2);
  },
);
