/**
 * Trusted documents (docs/dashboards.md, "Trusted documents"): the operations a company's dashboards send,
 * listed in a manifest in the format of Apollo's persisted query manifest (which GraphQL Hive reads
 * too), and sent by id. What a request may run:
 * - by id (`documentId`, or `extensions.persistedQuery.sha256Hash`) without text: the listed
 *   document, in every mode; an id that is not listed is refused (PERSISTED_QUERY_NOT_IN_LIST);
 * - as text: `enforce` refuses it (PERSISTED_QUERY_ID_REQUIRED) but for an admin credential
 *   (src/domain/access.ts `mayRunAnyDocument`), `log` runs it and logs it, `off` runs it.
 * Refusals are logged as warnings and unlisted documents in `log` mode too, once per document and
 * instance. HTTP requests meet this in ./plugins/use-trusted-documents.ts, WebSocket subscriptions
 * in ./graphql-ws.ts. Every server also lists the registry browser's own documents, which the page
 * sends by id in every mode (`withBrowserDocuments`).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GraphQLError, Kind, parse, validate, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import { ConfigError, type TrustedDocumentsMode, type TrustedDocumentsSettings } from './config';
import type { Logger } from './logger';

/** The manifest's `format` and `version`, as Apollo's `generate-persisted-query-manifest` writes them. */
export const MANIFEST_FORMAT = 'apollo-persisted-query-manifest';
export const MANIFEST_VERSION = 1;

const OPERATION_TYPES = ['query', 'mutation', 'subscription'];

/** Documents remembered as logged already, per instance: each is logged once, not on every request. */
const MAX_REMEMBERED_LOGGED = 10_000;

/** What a request carries that names its document: its text, an id, or both. */
export interface DocumentParams {
  query?: unknown;
  documentId?: unknown;
  operationName?: unknown;
  extensions?: unknown;
}

export class TrustedDocuments {
  private readonly logged = new LRUCache<string, true>({ max: MAX_REMEMBERED_LOGGED });

  constructor(
    /** Listed id → the document's text. */
    private readonly documents: ReadonlyMap<string, string>,
    readonly mode: TrustedDocumentsMode,
    private readonly logger?: Logger,
  ) {}

  /** These documents and `others`; an id both list keeps the body of these. */
  including(others: ReadonlyMap<string, string>): TrustedDocuments {
    return new TrustedDocuments(new Map([...others, ...this.documents]), this.mode, this.logger);
  }

  get size(): number {
    return this.documents.size;
  }

  /** The listed document of `id`, or undefined. */
  document(id: string): string | undefined {
    return this.documents.get(id);
  }

  /** The id a request names its document by: `documentId`, else an Apollo persisted query's hash; null if neither. */
  idOf(params: DocumentParams): string | null {
    if (typeof params.documentId === 'string' && params.documentId !== '') return params.documentId;
    const persisted = isObject(params.extensions) ? params.extensions.persistedQuery : undefined;
    if (isObject(persisted) && persisted.version === 1 && typeof persisted.sha256Hash === 'string') return persisted.sha256Hash;
    return null;
  }

  /** The refusal of an id that is not listed, logged. */
  notListed(id: string): GraphQLError {
    // Remembered as it is logged, cut short: a client's ids of megabytes each would otherwise fill the memory of what was logged.
    const shown = id.slice(0, MAX_LOGGED_ID);
    this.logOnce(`id:${shown}`, { documentId: shown, mode: this.mode }, 'trusted documents: refused an id that is not listed');
    return refusal(`No trusted document has the id "${shown}".`, 'PERSISTED_QUERY_NOT_IN_LIST');
  }

  /**
   * Whether a document sent as text may run: null when it may (in `log` mode, logged), the refusal
   * (logged) when not. `mayRunAny`: whether the request has an admin credential (asked only in `enforce`).
   */
  async admitText(params: DocumentParams, mayRunAny: () => Promise<boolean>): Promise<GraphQLError | null> {
    if (this.mode === 'off') return null;
    if (this.mode === 'enforce' && (await mayRunAny())) return null;
    const text = typeof params.query === 'string' ? params.query : '';
    const hash = createHash('sha256').update(text).digest('hex');
    const operation = typeof params.operationName === 'string' ? params.operationName.slice(0, MAX_LOGGED_ID) : null;
    if (this.mode === 'log') {
      this.logOnce(`text:${hash}`, { documentHash: hash, operation, mode: this.mode }, 'trusted documents: ran a document that is not listed');
      return null;
    }
    this.logOnce(`text:${hash}`, { documentHash: hash, operation, mode: this.mode }, 'trusted documents: refused a document sent as text');
    return refusal(
      'This registry runs only its trusted documents, sent by id (`documentId`, or `extensions.persistedQuery.sha256Hash`); this document was sent as text.',
      'PERSISTED_QUERY_ID_REQUIRED',
    );
  }

  /** The listed documents that this schema does not accept, each with why: a manifest built for another version. */
  invalidFor(schema: GraphQLSchema): string[] {
    return [...this.documents].flatMap(([id, text]) => {
      const errors = validate(schema, parse(text));
      return errors.length ? [`${id}: ${errors[0]!.message}`] : [];
    });
  }

  private logOnce(key: string, fields: Record<string, unknown>, message: string): void {
    if (!this.logger || this.logged.has(key)) return;
    this.logged.set(key, true);
    this.logger.warn(fields, message);
  }
}

/** Characters of a client's id or operation name put in a message or a log line. */
const MAX_LOGGED_ID = 128;

const refusal = (message: string, code: string) => new GraphQLError(message, { extensions: { code, http: { status: 400 } } });

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The trusted documents of these settings, read from their manifest at start-up; none without a
 * file. A manifest that cannot be read, is not JSON, or is not a persisted query manifest whose
 * operations parse throws ConfigError naming TOOLGRAPH_TRUSTED_DOCUMENTS and what is wrong: a server
 * that would refuse every dashboard, or run what it was told not to, does not start.
 */
export function readTrustedDocuments(settings: TrustedDocumentsSettings, logger?: Logger): TrustedDocuments | undefined {
  if (settings.file === undefined) return undefined;
  const problem = (why: string) => new ConfigError(`TOOLGRAPH_TRUSTED_DOCUMENTS="${settings.file}" ${why}`);
  let text: string;
  try {
    text = readFileSync(settings.file, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw problem(`cannot be read (${typeof code === 'string' ? code : String(error)}).`);
  }
  return new TrustedDocuments(parseManifest(text, problem), settings.mode, logger);
}

/**
 * The registry browser's manifest: its operations (./browser/operations.graphql), each with its id,
 * listed by `npm run codegen` and copied beside the compiled server by the build.
 */
export const BROWSER_MANIFEST = join(__dirname, 'browser', 'persisted-query-manifest.json');

let browserDocuments: ReadonlyMap<string, string> | undefined;

/**
 * The documents a server trusts: the operator's (TOOLGRAPH_TRUSTED_DOCUMENTS, in its mode), and
 * always the registry browser's own, which the page sends by id and nothing else; without an
 * operator's manifest, the browser's alone, any other document running as text (mode `off`). So
 * the page works in every mode, and `enforce` lets it send no more than it was built with.
 */
export function withBrowserDocuments(operator: TrustedDocuments | undefined, logger?: Logger): TrustedDocuments {
  browserDocuments ??= parseManifest(
    readFileSync(BROWSER_MANIFEST, 'utf8'),
    (why) => new Error(`The registry browser's manifest (${BROWSER_MANIFEST}) ${why}`),
  );
  return operator ? operator.including(browserDocuments) : new TrustedDocuments(browserDocuments, 'off', logger);
}

/**
 * The documents of a persisted query manifest's text, by id. A text that is not JSON, or not such
 * a manifest whose operations parse, throws what `problem` makes of why.
 */
function parseManifest(text: string, problem: (why: string) => Error): Map<string, string> {
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    throw problem('is not JSON: it must be an Apollo persisted query manifest.');
  }
  const operations: unknown = isObject(manifest) ? manifest.operations : undefined;
  if (!isObject(manifest) || manifest.format !== MANIFEST_FORMAT || manifest.version !== MANIFEST_VERSION || !Array.isArray(operations)) {
    throw problem(
      `is not a persisted query manifest: it must be { "format": "${MANIFEST_FORMAT}", "version": ${MANIFEST_VERSION}, "operations": [{ "id", "name", "type", "body" }] }.`,
    );
  }
  const documents = new Map<string, string>();
  operations.forEach((operation: unknown, index) => {
    const at = `operations[${index}]`;
    if (!isObject(operation) || typeof operation.id !== 'string' || operation.id === '' || typeof operation.body !== 'string') {
      throw problem(`has an operation without an id and a body (a string each) at ${at}.`);
    }
    const { id, body } = operation;
    if (!OPERATION_TYPES.includes(String(operation.type)))
      throw problem(`has an operation whose type is not query, mutation or subscription at ${at} (id "${id}").`);
    let definitions: OperationDefinitionNode[];
    try {
      definitions = parse(body).definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
    } catch (error) {
      throw problem(`has an operation whose body does not parse at ${at} (id "${id}"): ${error instanceof Error ? error.message : String(error)}`);
    }
    if (definitions.length === 1 && definitions[0]!.operation !== operation.type) {
      throw problem(`has an operation of type "${String(operation.type)}" whose body is a ${definitions[0]!.operation} at ${at} (id "${id}").`);
    }
    const listed = documents.get(id);
    if (listed !== undefined && listed !== body) throw problem(`lists the id "${id}" twice, with two bodies (${at}).`);
    documents.set(id, body);
  });
  return documents;
}
