import type { ToolDraft } from '../../../domain/registry';

/**
 * GraphQL input objects (and JSONObject literals) are built without a prototype; the domain
 * compares and clones plain JSON. Inputs hold only JSON values, so a JSON round trip is exact:
 * absent fields stay absent, nulls stay null.
 */
export function plainInput(input: object): ToolDraft {
  return JSON.parse(JSON.stringify(input)) as ToolDraft;
}
