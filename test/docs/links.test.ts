/**
 * Every relative link and image of README.md and docs/ points at a file of the project, and every
 * anchor (`page.md#section`, `#section`) at a heading of that page, as GitHub names headings
 * (github-slugger). A moved section or a renamed file fails here, not in a reader's browser.
 */
import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import GithubSlugger from 'github-slugger';
import { DOC_FILES, root, tokensOf } from '../support/docs';

/** The anchors of a page's headings, with GitHub's -1, -2 … for repeated ones. */
function anchorsOf(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const tokens = tokensOf(file);
  const anchors = new Set<string>();
  tokens.forEach((token, i) => {
    if (token.type === 'heading_open') anchors.add(slugger.slug(tokens[i + 1]!.children!.map((child) => child.content).join('')));
  });
  return anchors;
}

/** Every link target and image source of a page, outside code. */
function targetsOf(file: string): string[] {
  return tokensOf(file)
    .flatMap((token) => token.children ?? [])
    .flatMap((token) => {
      if (token.type === 'link_open') return [String(token.attrGet('href'))];
      if (token.type === 'image') return [String(token.attrGet('src'))];
      return [];
    });
}

const relativeTargets = DOC_FILES.flatMap((file) =>
  targetsOf(file)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((target) => [file, target] as const),
);

describe('the documentation', () => {
  it('has pages besides the README, and links between them', () => {
    expect(DOC_FILES.length).toBeGreaterThan(5);
    expect(relativeTargets.length).toBeGreaterThan(20);
  });

  it.each(relativeTargets)('%s: %s resolves', (file, target) => {
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const targetFile = path === '' ? file : normalize(join(dirname(file), decodeURIComponent(path)));
    expect(existsSync(join(root, targetFile))).toBe(true);
    if (anchor !== undefined) expect([...anchorsOf(targetFile)]).toContain(anchor);
  });
});
