import type { Issue } from './issues';
import { isToolName } from './validation';

/**
 * Who may write what (spec section 6). Teams own namespaces: a credential carries a grant, a role
 * and the namespaces it covers, and every write use case asks `mayWrite` before anything else. How a
 * credential is checked (API token, JWT) is the server's business; what it allows is decided here.
 */

export const ROLES = ['read', 'write', 'admin'] as const;
/** `read`: may read when reads need a credential; `write`: create, update, delete and import in its namespaces; `admin`: write everywhere, and manage tokens. */
export type Role = (typeof ROLES)[number];

/** Every namespace, present and future (`--namespaces '*'`, or `*` in a JWT's `toolgraph_namespaces`). */
export const ALL_NAMESPACES = '*';

export interface Grant {
  role: Role;
  /** The namespaces it covers, or ALL_NAMESPACES. */
  namespaces: readonly string[] | typeof ALL_NAMESPACES;
}

/** Who makes a request: the name every write records (`createdBy`, `updatedBy`, event actor) and what they may do. */
export interface Caller {
  actor: string;
  grant: Grant;
  /** The key the client gave its write (an `Idempotency-Key`): a repeat of the request with it writes nothing and gets the first answer (registry/unit-of-work.ts). */
  writeKey?: WriteKey;
}

/** A client's key for one write, and the hash of the request it came with: the same key with another request is refused. */
export interface WriteKey {
  key: string;
  requestHash: string;
}

/** The actor of writes made without a credential, where none is needed (TOOLGRAPH_AUTH=off). */
export const ANONYMOUS = 'anonymous';

/**
 * The actor of a JWT: its `sub` behind `jwt:`. A token name has no `:` (TOKEN_NAME) and is never
 * `anonymous`, so a JWT cannot be recorded as, nor spend the budget of, an API token or anonymous.
 */
export const jwtActor = (subject: string): string => `jwt:${subject}`;

/** Everyone, when access control is off: writes anywhere, recorded as anonymous. */
export const OPEN_ACCESS: Caller = { actor: ANONYMOUS, grant: { role: 'admin', namespaces: ALL_NAMESPACES } };

/** A client without a credential while access control is on: it may read when reads are public, nothing more. */
export const ANONYMOUS_READER: Caller = { actor: ANONYMOUS, grant: { role: 'read', namespaces: [] } };

/** Whether `grant` lets its holder create, update, delete or import tools of `namespace`. */
export function mayWrite(grant: Grant, namespace: string): boolean {
  if (grant.role === 'admin') return true;
  if (grant.role !== 'write') return false;
  return grant.namespaces === ALL_NAMESPACES || grant.namespaces.includes(namespace);
}

/** The namespace a write of `name` needs, or null when `name` is no tool name (the rules report that). */
export function namespaceToWrite(name: unknown): string | null {
  return typeof name === 'string' && isToolName(name) ? name.slice(0, name.indexOf('/')) : null;
}

export function forbiddenMessage(namespace: string): string {
  return `Your credential does not allow writing to the namespace "${namespace}".`;
}

/** FORBIDDEN, at the `name` of a tool of an import that the caller may not write. */
export function forbiddenIssue(namespace: string): Issue {
  return { path: 'name', code: 'NAMESPACE_FORBIDDEN', message: forbiddenMessage(namespace) };
}

// ---- the rules of a grant, for the credentials the registry issues (API tokens)

/** A namespace as a grant (or a prune) names it: what a tool name allows before its `/`. */
export const isNamespace = (text: string): boolean => isToolName(`${text}/x`);

/** An API token's name: what `token revoke NAME` takes and what writes record as their actor. */
const TOKEN_NAME = /^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?$/;

/**
 * A grant as given on the command line or in a JWT: a role among ROLES, and `*` or namespaces that
 * tool names could have. Returns why not, or null.
 */
export function grantProblem(role: unknown, namespaces: unknown): string | null {
  if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) return `The role must be one of ${ROLES.join(', ')}.`;
  if (namespaces === ALL_NAMESPACES) return null;
  if (!Array.isArray(namespaces) || !namespaces.every((ns) => typeof ns === 'string' && (ns === ALL_NAMESPACES || isNamespace(ns)))) {
    return `The namespaces must be "${ALL_NAMESPACES}" or namespaces of tool names (a-z 0-9 . _ -, starting and ending with a letter or digit).`;
  }
  return null;
}

/** `['*']` and `'*'` mean the same; namespaces are kept sorted and once each. */
export function normalizedNamespaces(namespaces: readonly string[] | typeof ALL_NAMESPACES): Grant['namespaces'] {
  if (namespaces === ALL_NAMESPACES || namespaces.includes(ALL_NAMESPACES)) return ALL_NAMESPACES;
  return [...new Set(namespaces)].sort();
}

export function tokenNameProblem(name: unknown): string | null {
  if (name === ANONYMOUS) return `"${ANONYMOUS}" is the actor of writes made without a credential; choose another name.`;
  if (typeof name === 'string' && TOKEN_NAME.test(name)) return null;
  return 'A token name is 1 to 64 characters of a-z 0-9 . _ -, starting and ending with a letter or digit.';
}

/**
 * Whether a request may run a document that is not one of the registry's trusted documents, where
 * they are enforced: only with an accepted admin credential. With access control off every caller
 * acts as an admin (OPEN_ACCESS) but showed no credential, so none may.
 */
export function mayRunAnyDocument(identity: { caller: Caller; authenticated: boolean }): boolean {
  return identity.authenticated && identity.caller.grant.role === 'admin';
}
