import type { FindingRefusal } from '../findings';
import type { SafetyDowngradePolicy } from '../safety';

/** What a server decides about writes beyond the model's rules (its configuration). */
export interface WritePolicy {
  /** The least severity of finding that refuses a write (spec section 8); null: none does. */
  refuseFindings: FindingRefusal;
  /** Who may lower a tool's safety (safety.ts): the namespace's writers, or admins only. */
  safetyDowngrades: SafetyDowngradePolicy;
}
