/**
 * How large a tool definition, an import and a page of a read may be (spec section 2,
 * `VALUE_TOO_LARGE`; section 9, `BAD_USER_INPUT`). One definition of each limit: the rules
 * (validation.ts, json-schema.ts, config.ts), the API's argument checks (src/graphql/argument-ranges.ts),
 * the documentation's tables and the tests all read them from here.
 *
 * Every limit is far above what a real tool needs and low enough that the largest valid tool is a
 * few hundred KB: a registry read by dashboards and agents serves each tool many times, so an
 * unbounded field would cost every reader, not only its author.
 */

/**
 * Items of one page of a read: `tools`, a tool's `history`, `searchTools`' hits. A page is read,
 * completed and sent whole, so its size bounds a read's cost; a client that needs more asks for
 * the next page.
 */
export const MAX_PAGE_SIZE = 100;

/** How long a keyed write's answer is kept for a retry with its key (`Idempotency-Key`; Stripe keeps 24 hours too). */
export const KEYED_WRITE_LIFETIME_HOURS = 24;

/** The longest `Idempotency-Key` taken: a UUID is 36 characters; the IETF draft sets no bound. */
export const MAX_WRITE_KEY_LENGTH = 255;
/**
 * Changes of one page of `changes`: larger than other pages, since a sync client reads them all,
 * and each is small (the tools are read in one batch).
 */
export const MAX_CHANGE_PAGE_SIZE = 1_000;
/** A page of `changes` when the client gives no size (also `schema.graphql`'s default of `first`). */
export const DEFAULT_CHANGE_PAGE_SIZE = 100;
/**
 * Values of one list criterion of a filter (`namespaceIn`, `sourceIn`, `statusIn`): a dashboard
 * picks a few, and each value is one more condition of every read of the filter.
 */
export const MAX_FILTER_LIST_LENGTH = 100;

/**
 * Ids of one `nodes(ids:)`: what a page shows (MAX_PAGE_SIZE), which a client refetches by id
 * after reading it. Each id is one more key of the request's batched reads.
 */
export const MAX_NODE_IDS = MAX_PAGE_SIZE;

/** A page's size when the client gives none (`tools`, `history`; `searchTools` has its own, DEFAULT_SEARCH_HITS). */
export const DEFAULT_PAGE_SIZE = 20;

/** Characters of `description` (its own rule and code in the spec: INVALID_DESCRIPTION). */
export const MAX_DESCRIPTION_LENGTH = 1_000;
/** A deprecation's message, like a description. */
export const MAX_DEPRECATION_MESSAGE_LENGTH = MAX_DESCRIPTION_LENGTH;

/** Characters of the inline code of a `custom` tool: a script, not a package. */
export const MAX_CODE_LENGTH = 100_000;

/** Characters of a reference to something outside the registry: `agentSkillPath`, `writeScope`, lifecycle hooks. */
export const MAX_REFERENCE_LENGTH = 1_024;

/** Characters of a slot's description. */
export const MAX_SLOT_DESCRIPTION_LENGTH = 1_000;

/**
 * Characters of every other text: identifiers and labels (`mcpServer`, `mcpToolName`, `costProfile`,
 * each side effect, a slot's name, resource type and static resource).
 */
export const MAX_LABEL_LENGTH = 256;

/** Resource slots of one tool. */
export const MAX_RESOURCE_SLOTS = 100;

/** Entries of `capability.sideEffects`. */
export const MAX_SIDE_EFFECTS = 100;

/** Bytes of one JSON Schema written as compact JSON (UTF-8). */
export const MAX_SCHEMA_BYTES = 256 * 1024;

/** Nesting of objects and lists in one JSON Schema; deeper schemas are refused before any recursive check. */
export const MAX_SCHEMA_DEPTH = 64;

/**
 * The largest config text `importTools` reads, in bytes of UTF-8: 5 MiB, about 5 KB per tool at
 * MAX_IMPORT_TOOLS, several times a typical tool with input and output schemas.
 */
export const MAX_CONFIG_BYTES = 5 * 1024 * 1024;

/**
 * The most tools one config text may hold. An import is one all-or-nothing transaction that reads
 * every name, writes every tool and answers with every tool, so its cost grows with its size;
 * 1,000 keeps the largest import to a few seconds on either database while a catalogue of
 * thousands of tools still loads in a few imports.
 */
export const MAX_IMPORT_TOOLS = 1_000;

/**
 * Nesting of collections in a config text. A tool needs about six levels around its schemas
 * (`tools`, the tool, `input_schema`, …) on top of MAX_SCHEMA_DEPTH; anything deeper is refused
 * while parsing, before it can cost time or memory.
 */
export const MAX_CONFIG_DEPTH = MAX_SCHEMA_DEPTH + 8;

/**
 * Namespaces one import may prune (`importTools(prune:)`): a team syncs the few namespaces its
 * repository owns.
 */
export const MAX_PRUNE_NAMESPACES = 100;

/**
 * Tools one import may delete by pruning: as many as it may write, for the same reason (one
 * transaction that appends a revision and announces an event per tool).
 */
export const MAX_PRUNED_TOOLS = MAX_IMPORT_TOOLS;

/** The most revisions an import's plan may expect: one per tool it writes or prunes. */
export const MAX_EXPECTED_REVISIONS = MAX_IMPORT_TOOLS + MAX_PRUNED_TOOLS;

/** Aliases (`*anchor`) in a config text: a shared block or two stay usable. */
export const MAX_CONFIG_ALIASES = 50;

/**
 * Values (scalars and collections) in a config text, counting what an alias refers to each time it
 * is used: a "billion laughs" text of a few aliases that expand to millions of values is refused
 * before anything walks them. The largest valid import holds a few hundred thousand.
 */
export const MAX_CONFIG_VALUES = 1_000_000;
