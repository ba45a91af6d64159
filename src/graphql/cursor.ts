import { GraphQLError } from 'graphql';

/**
 * Keyset cursors of `tools`: the opaque base64url of `tool:<name>`. Clients must not build them;
 * a cursor this server did not issue is the client's error (`BAD_USER_INPUT`).
 */
const PREFIX = 'tool:';

export function encodeToolCursor(name: string): string {
  return Buffer.from(PREFIX + name, 'utf8').toString('base64url');
}

/** The tool name a cursor points at; throws a `BAD_USER_INPUT` GraphQLError for a malformed one. */
export function decodeToolCursor(cursor: string): string {
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  const name = decoded.startsWith(PREFIX) ? decoded.slice(PREFIX.length) : '';
  // Base64url decoding is lenient; only a cursor that re-encodes to itself is one we issued.
  if (name === '' || encodeToolCursor(name) !== cursor) {
    throw new GraphQLError('`after` is not a cursor returned by this API.', {
      extensions: { code: 'BAD_USER_INPUT', argumentName: 'after' },
    });
  }
  return name;
}
