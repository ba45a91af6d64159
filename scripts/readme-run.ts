/**
 * README's "Run it" commands, the way a person runs them: its first `sh` block, each `a && b` as
 * two commands, comments left out. Read by scripts/first-run.ts, which times them, and by
 * test/server/deploy-kit.test.ts, which holds the image's install to the same command.
 */
export function readmeRunCommands(readme: string): string[] {
  const block = /^## Run it\n[\s\S]*?^```sh\n([\s\S]*?)^```/m.exec(readme)?.[1];
  if (!block) throw new Error('README.md has no sh block under "## Run it"');
  return commandsOf(block);
}

/** The commands of a shell block, in order: `a && b` is two. */
export function commandsOf(block: string): string[] {
  return block
    .split('\n')
    .flatMap((line) => line.replace(/#.*/, '').split('&&'))
    .map((command) => command.trim())
    .filter(Boolean);
}
