/**
 * The README's list of finding codes (section "Findings") is the table of rules itself: every code
 * of FINDING_RULES, with its severity, and no other, as `npm run readme:findings` writes it.
 */
import { readFileSync } from 'node:fs';
import { FINDING_RULES } from '../../src/domain/findings';
import { README, withFindingsTable } from '../../scripts/findings-table';

const readme = readFileSync(README, 'utf8');

describe('the README\'s "Findings" section', () => {
  it('lists exactly the codes of FINDING_RULES, each with its severity', () => {
    const section = readme.slice(readme.indexOf('\n## Findings\n'), readme.indexOf('\n## ', readme.indexOf('\n## Findings\n') + 1));
    const listed = [...section.matchAll(/^\| `([A-Z_]+)` \| (LOW|MEDIUM|HIGH) \|/gm)].map((row) => `${row[1]} ${row[2]}`);
    expect(listed).toEqual(FINDING_RULES.map((rule) => `${rule.code} ${rule.severity}`));
  });

  it('is what npm run readme:findings generates from the rules, examples included', () => {
    expect(readme).toBe(withFindingsTable(readme));
  });
});
