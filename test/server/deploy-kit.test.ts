/**
 * The Dockerfile and compose.yaml, checked without a container engine (this project's machines and
 * CI have none, so no image is built here): the Dockerfile passes dockerfile-utils' checks (those of
 * VS Code's Docker support), copies only files that exist and that .dockerignore lets through, builds
 * in stages and runs the compiled server as a non-root user with a health check; its runtime stage's
 * `npm ci --omit=dev --omit=optional` holds every package the server and its build load (README's
 * "Run it" installs the same); compose.yaml runs two instances on one
 * Postgres and one Redis after a one-shot migration. The variables both set are checked against the
 * documented ones in ./configuration-docs.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DockerfileParser, ModifiableInstruction, type Instruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { parse } from 'yaml';
import { projectFiles } from '../support/project-files';
import { COMPILED_MAIN } from '../support/server-process';
import { readmeRunCommands } from '../../scripts/readme-run';

const root = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const dockerfileText = read('Dockerfile');
const dockerfile = DockerfileParser.parse(dockerfileText);
const args = (instruction: Instruction) => instruction.getArguments().map((argument) => argument.getValue());
const compiled = (path: string) => path.replace(`${root}/`, '');

/** The instructions of each stage, by its name (the last one, the image, as ''). */
function stages(): Map<string, Instruction[]> {
  const byStage = new Map<string, Instruction[]>();
  let current: Instruction[] = [];
  for (const instruction of dockerfile.getInstructions()) {
    if (instruction.getKeyword() === 'FROM') {
      current = [];
      byStage.set(args(instruction)[2] ?? '', current);
    }
    current.push(instruction);
  }
  return byStage;
}

/** A JSON-form instruction's command (CMD ["node", "x"]): its array. */
const execForm = (instruction: Instruction) => JSON.parse(instruction.getRawArgumentsContent()!.replace(/^.*?(?=\[)/s, '')) as string[];
/** The stage a COPY copies from (--from), if not the build context. */
const copiedFrom = (instruction: Instruction) =>
  instruction instanceof ModifiableInstruction
    ? instruction
        .getFlags()
        .find((flag) => flag.getName() === 'from')
        ?.getValue()
    : undefined;

describe('the Dockerfile', () => {
  const image = stages().get('')!;
  const final = (keyword: string) => image.filter((instruction) => instruction.getKeyword() === keyword);

  it('passes dockerfile-utils checks', () => {
    // A message is text or, since LSP 3.18, markup with its text in `value`.
    const problems = validate(dockerfileText).map(({ range, message }) => `${range.start.line + 1}: ${typeof message === 'string' ? message : message.value}`);
    expect(problems).toEqual([]);
  });

  it('copies from the build context only files that exist and that .dockerignore keeps', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    const copied = dockerfile
      .getInstructions()
      .filter((instruction) => instruction.getKeyword() === 'COPY' && copiedFrom(instruction) === undefined)
      .flatMap((instruction) => args(instruction).slice(0, -1));
    expect(copied.length).toBeGreaterThan(0);
    expect(copied.filter((path) => !existsSync(join(root, path)))).toEqual([]);
    expect(copied.filter((path) => ignored.some((pattern) => path === pattern || path.startsWith(`${pattern}/`)))).toEqual([]);
  });

  it('builds in stages, and the image installs only the runtime dependencies', () => {
    expect([...stages().keys()]).toEqual(expect.arrayContaining(['build', 'runtime-dependencies', '']));
    const runtimeInstall = stages()
      .get('runtime-dependencies')!
      .filter((instruction) => instruction.getKeyword() === 'RUN')
      .map((instruction) => args(instruction).join(' '));
    // The install of README's "Run it", whose first command it is.
    const readmeInstall = readmeRunCommands(read('README.md'))[0];
    expect(readmeInstall).toBe('npm ci --omit=dev --omit=optional');
    expect(runtimeInstall).toContainEqual(expect.stringMatching(new RegExp(`^${readmeInstall!}\\b`)));
    const copies = final('COPY').map((instruction) => [copiedFrom(instruction), ...args(instruction)]);
    expect(copies).toContainEqual(['runtime-dependencies', '/app/node_modules', './node_modules']);
    expect(copies).toContainEqual(['build', '/app/dist', './dist']);
  });

  it('runs the compiled server as a non-root user, with a health check on /health', () => {
    expect(execForm(final('CMD')[0]!)).toEqual(['node', compiled(COMPILED_MAIN)]);
    const user = args(final('USER').at(-1)!)[0];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user!.split(':')[0]);
    expect(final('HEALTHCHECK')).toHaveLength(1);
    expect(execForm(final('HEALTHCHECK')[0]!).join(' ')).toContain("'/health'");
  });

  it('runs a Node that CI smoke-tests the compiled server on', () => {
    const major = /^ARG NODE_IMAGE=node:(\d+)-/m.exec(dockerfileText)?.[1];
    expect(major).toBeDefined();
    expect(read('.ci/run')).toMatch(new RegExp(`TOOLGRAPH_TEST_NODE_VERSIONS=\\S*\\b${major}\\b`));
  });
});

describe('the runtime dependencies', () => {
  it('hold every package the server, its commands and its build load (npm ci --omit=dev --omit=optional && npm start)', () => {
    const { dependencies } = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    const loaded = new Set<string>();
    for (const file of projectFiles('src/*.ts', 'scripts/build.ts')) {
      // import … from 'x' (over several lines too), export … from 'x', import('x'), require('x'), require.resolve('x'); not `import type`.
      const statements = /^(?!import type|export type)(?:import|export)\s[^;]*?\sfrom\s+'([^'.][^']*)'/gm;
      const calls = /\b(?:import|require|require\.resolve)\(\s*'([^'.][^']*)'\)/g;
      for (const match of [...read(file).matchAll(statements), ...read(file).matchAll(calls)]) {
        const specifier = match[1]!;
        if (specifier.startsWith('node:')) continue;
        loaded.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
      }
    }
    // pino loads pino-pretty by name, in a worker, when stdout is a terminal (src/server/logger.ts),
    // and package.json's scripts run tsx. Prisma's CLI is not among them: the clients it generates
    // are committed (npm run prisma:check), and --omit=optional leaves it out (a peer of @prisma/client).
    for (const name of ['pino-pretty', 'tsx']) loaded.add(name);
    expect(loaded.size).toBeGreaterThan(20);
    expect([...loaded].filter((name) => !(name in dependencies)).sort()).toEqual([]);
  });
});

describe('compose.yaml', () => {
  type Service = {
    build?: string;
    image?: string;
    command?: string[];
    environment?: Record<string, string>;
    depends_on?: Record<string, { condition: string }>;
    ports?: string[];
  };
  const services = (parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> }).services;
  const toolgraph = Object.entries(services).filter(([, service]) => service.build === '.');
  const instances = toolgraph.filter(([, service]) => service.command === undefined);

  it('runs two toolgraph instances on one Postgres and one Redis, with migrations as a release step', () => {
    expect(instances).toHaveLength(2);
    for (const [, instance] of instances) {
      expect(instance.environment).toMatchObject({
        MIGRATE_ON_START: 'false',
        DATABASE_URL: expect.stringMatching(/^postgresql:\/\/[^@]+@postgres:5432\//),
        REDIS_URL: 'redis://redis:6379',
      });
      expect(instance.depends_on).toMatchObject({ migrate: { condition: 'service_completed_successfully' } });
    }
    expect(new Set(instances.map(([, instance]) => instance.environment!.DATABASE_URL)).size).toBe(1);
    expect(new Set(instances.flatMap(([, instance]) => instance.ports ?? [])).size).toBe(2);
    expect(services.postgres?.image).toMatch(/^postgres:/);
    expect(services.redis?.image).toMatch(/^redis:/);
  });

  it("migrates with the compiled migrate command, on the instances' database", () => {
    const migrate = services.migrate!;
    expect(migrate.command).toEqual(['node', compiled(COMPILED_MAIN).replace(/main\.js$/, 'migrate-command.js')]);
    expect(existsSync(join(root, 'src', 'server', 'migrate-command.ts'))).toBe(true);
    expect(migrate.environment?.DATABASE_URL).toBe(instances[0]![1].environment!.DATABASE_URL);
    expect(migrate.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' } });
  });

  it('names only services it defines', () => {
    const dependencies = Object.values(services).flatMap((service) => Object.keys(service.depends_on ?? {}));
    expect(dependencies.filter((name) => !(name in services))).toEqual([]);
  });
});
