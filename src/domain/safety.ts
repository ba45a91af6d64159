import type { Grant } from './access';
import type { Issue } from './issues';
import type { ToolCapability } from './model';

/**
 * Safety downgrades (spec section 9, Writes): the changes of a capability that lower the care agents
 * and approvers take with a tool. A write that makes one lists it in its revision and its event, so
 * that nobody trusts a flag that is gone without a record of who took it away; a server may ask for
 * an admin grant to make one (`TOOLGRAPH_SAFETY_DOWNGRADES=admin`).
 */
export const SAFETY_DOWNGRADE_KINDS = ['unsafe_off', 'human_approval_off', 'writes_off', 'read_only_on', 'idempotent_on', 'side_effect_removed'] as const;
export type SafetyDowngradeKind = (typeof SAFETY_DOWNGRADE_KINDS)[number];

export interface SafetyDowngrade {
  kind: SafetyDowngradeKind;
  /** For `side_effect_removed`: the side effect; null otherwise. */
  sideEffect: string | null;
}

/** Who may lower a tool's safety: whoever may write its namespace (the default), or admins only. */
export type SafetyDowngradePolicy = 'write' | 'admin';

/** Flags whose change in one direction lowers the care taken: turned off, or turned on. */
const LOWERED_WHEN: readonly [keyof ToolCapability, boolean, SafetyDowngradeKind][] = [
  ['unsafe', false, 'unsafe_off'],
  ['humanApprovalRequired', false, 'human_approval_off'],
  ['writes', false, 'writes_off'],
  ['readOnly', true, 'read_only_on'],
  ['idempotent', true, 'idempotent_on'],
];

/** The downgrades from `before` to `after`, flags first (in LOWERED_WHEN's order), then each side effect removed, in `before`'s order. */
export function safetyDowngrades(before: ToolCapability, after: ToolCapability): SafetyDowngrade[] {
  const flags = LOWERED_WHEN.filter(([flag, lowered]) => before[flag] !== lowered && after[flag] === lowered).map(([, , kind]) => ({ kind, sideEffect: null }));
  const removed = before.sideEffects
    .filter((effect) => !after.sideEffects.includes(effect))
    .map((sideEffect) => ({ kind: 'side_effect_removed' as const, sideEffect }));
  return [...flags, ...removed];
}

/** How a list of downgrades reads in a message: "unsafe off, side effect network removed". */
function describeDowngrades(downgrades: readonly SafetyDowngrade[]): string {
  return downgrades.map((d) => (d.sideEffect === null ? d.kind.replaceAll('_', ' ') : `side effect ${d.sideEffect} removed`)).join(', ');
}

/** SAFETY_DOWNGRADE_FORBIDDEN at `capability` when a caller with `grant` may not make `downgrades` under `policy`; null when they may. */
export function downgradeIssue(policy: SafetyDowngradePolicy, grant: Grant, downgrades: readonly SafetyDowngrade[]): Issue | null {
  if (policy === 'write' || downgrades.length === 0 || grant.role === 'admin') return null;
  return {
    path: 'capability',
    code: 'SAFETY_DOWNGRADE_FORBIDDEN',
    message: `Lowering the tool's safety (${describeDowngrades(downgrades)}) needs an admin grant on this registry (TOOLGRAPH_SAFETY_DOWNGRADES=admin).`,
  };
}

/** Downgrades as JSON held them (a stored revision, another instance's event): absent (written before 1.0) is none; null when malformed. */
export function readSafetyDowngrades(value: unknown): SafetyDowngrade[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return null;
  const downgrades: SafetyDowngrade[] = [];
  for (const entry of value as unknown[]) {
    const { kind, sideEffect } = (entry ?? {}) as Partial<SafetyDowngrade>;
    if (!(SAFETY_DOWNGRADE_KINDS as readonly unknown[]).includes(kind) || (sideEffect !== null && typeof sideEffect !== 'string')) return null;
    downgrades.push({ kind: kind!, sideEffect });
  }
  return downgrades;
}
