/**
 * The project's documentation as the doc tests read it: README.md and every Markdown page under
 * docs/, parsed by markdown-it (what GitHub renders, CommonMark), so a link or a block inside code
 * is told apart from one in the text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { projectFiles } from './project-files';

export const root = join(__dirname, '..', '..');

/** README.md, then the pages of docs/ in name order: paths from the project's root. */
export const DOC_FILES: readonly string[] = ['README.md', ...projectFiles('docs/*.md').sort()];

const markdown = new MarkdownIt();

export const docText = (file: string): string => readFileSync(join(root, file), 'utf8');

/** The parsed blocks and inline tokens of one page. */
export const tokensOf = (file: string) => markdown.parse(docText(file), {});

export interface CodeBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  language: string;
  text: string;
}

/** Every fenced code block of the documentation, in reading order (README first). */
export function codeBlocks(language?: string): CodeBlock[] {
  return DOC_FILES.flatMap((file) =>
    tokensOf(file)
      .filter((token) => token.type === 'fence' && (language === undefined || token.info.trim() === language))
      .map((token) => ({ file, line: token.map![0] + 1, language: token.info.trim(), text: token.content })),
  );
}

/** Every inline code span of the documentation's text (tables included), with the page it is on. */
export function inlineCode(): { file: string; text: string }[] {
  return DOC_FILES.flatMap((file) =>
    tokensOf(file)
      .flatMap((token) => token.children ?? [])
      .filter((token) => token.type === 'code_inline')
      .map((token) => ({ file, text: token.content })),
  );
}
