/**
 * Rule violations are data: every check reports `{ path, code, message }` and an input's issues
 * are reported together. The codes of spec section 2 are public API.
 */

export const ISSUE_CODES = [
  'INVALID_NAME',
  'NAME_TAKEN',
  'INVALID_DESCRIPTION',
  'MISSING_SOURCE_FIELD',
  'FIELD_NOT_ALLOWED',
  'WRAPPED_ONLY_FOR_VALIDATION',
  'WRAPPED_TOOL_NOT_FOUND',
  'TOOL_IS_WRAPPED',
  'READ_ONLY_CONFLICT',
  'CHECKPOINT_SCOPE_WITHOUT_CHECKPOINTABLE',
  'INVALID_SLOT_NAME',
  'DUPLICATE_SLOT_NAME',
  'STATIC_RESOURCE_REQUIRED',
  'STATIC_RESOURCE_FORBIDDEN',
  'INVALID_TIMEOUT',
  'INVALID_JSON_SCHEMA',
  'UNKNOWN_FIELD',
  'VALUE_TOO_LARGE',
  /** A tool or prune of an import in a namespace the caller's credential may not write (spec section 6); named as `NamespaceForbidden`'s code, one name for one condition. */
  'NAMESPACE_FORBIDDEN',
  /** A required field is absent (e.g. `source`, a slot's `resource_type`). Not in the spec's table; ours. */
  'REQUIRED_FIELD',
  /** A value of the wrong type, or not one of an enum's values. Not in the spec's table; ours. */
  'INVALID_VALUE',
  /** A config text that is not YAML/JSON, or not one tool / a `tools:` list. Not in the spec's table; ours. */
  'INVALID_CONFIG',
  /** The replacement a deprecation names is no registered tool, or is the deprecated tool itself. Ours. */
  'REPLACEMENT_NOT_FOUND',
  /** The revision a restore names is not in the tool's history. Ours. */
  'REVISION_NOT_FOUND',
  /** The revision a restore names was in the tool's history, and retention pruned it (TOOLGRAPH_HISTORY_KEEP). Ours. */
  'REVISION_PRUNED',
  /** The definition has a finding the registry's policy refuses (spec section 8, `TOOLGRAPH_REFUSE_FINDINGS`). */
  'UNSAFE_CONTENT',
  /** A write that lowers a tool's safety by a caller the registry's policy keeps from it (spec section 9, `TOOLGRAPH_SAFETY_DOWNGRADES`). */
  'SAFETY_DOWNGRADE_FORBIDDEN',
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

export interface Issue {
  /** Where in the input: `capability.writes`, `resourceSlots[1].staticResource`; '' for the whole input. */
  path: string;
  code: IssueCode;
  message: string;
  /** Where in a config text, 1-based, when its reader knows it: the place a YAML parser stopped. */
  position?: { line: number; column: number };
}

/** Ok-or-issues, the shape every domain decision returns. */
export type Checked<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

export const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
export const rejected = <T = never>(issues: Issue[]): Checked<T> => ({ ok: false, issues });
