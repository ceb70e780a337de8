/**
 * Offline checks of the deployment files (no Docker engine needed):
 * docker-compose.yml, Dockerfile, .dockerignore and deploy/nginx.conf.
 *
 *   npm run check:deploy                 # human-readable, exit 1 on a failure
 *   tsx scripts/check-deploy.ts --json   # one JSON report (the ops test reads it)
 *   tsx scripts/check-deploy.ts --root <dir>
 *
 * What it cannot do here: build the image or start the stack (the topology
 * test, server/test/ops/topology.test.ts, runs the same processes and the
 * same nginx.conf without Docker). It checks what those would rely on: the
 * files parse, the build stage has every source the server build reads,
 * every command the stack runs is the build's output or a file in the image,
 * the runtime has the packages the bundles import, the balancer reaches
 * every node and passes WebSocket upgrades, and (when an nginx binary is
 * installed) `nginx -t` accepts the balancer config.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import {
  builtEntry,
  MIGRATION_DATA,
  SERVER_DIST_DIR,
  SERVER_ENTRY_POINTS,
  type ServerEntryName,
} from '../server/build.ts';
import {
  installedNginx,
  knowsResolve,
  localNginxConfig,
} from '../server/test/helpers/local-nginx.ts';

export type CheckStatus = 'ok' | 'failed' | 'skipped';

export interface CheckResult {
  name: string;
  status: CheckStatus;
  detail: string;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The sources of what the image runs, built (server/build.ts): the app node (CMD), the worker and the one-shot migration. */
const SERVER_ENTRIES = Object.values(SERVER_ENTRY_POINTS);
/** What the server build reads besides the sources the entries import. */
const BUILD_INPUTS = ['server/build.ts', 'server/tsconfig.json', 'tsconfig.base.json'];
/** Where the image's WORKDIR sits in the repository. */
const IMAGE_WORKDIR = '/app';
/** The Docker stop grace period must exceed the app's default SHUTDOWN_TIMEOUT_MS. */
const SHUTDOWN_TIMEOUT_SECONDS = 15;

class Report {
  readonly results: CheckResult[] = [];

  check(name: string, passed: boolean, detail: string): void {
    this.results.push({ name, status: passed ? 'ok' : 'failed', detail });
  }

  skip(name: string, detail: string): void {
    this.results.push({ name, status: 'skipped', detail });
  }
}

// ---------------------------------------------------------------- Dockerfile

interface Instruction {
  keyword: string;
  args: string;
}

interface Stage {
  name: string | undefined;
  instructions: Instruction[];
}

/** Instructions per stage, with `\` continuations joined and comments dropped. */
function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (pending === '' && (line.trim() === '' || line.trimStart().startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    logical.push(pending + line);
    pending = '';
  }
  const stages: Stage[] = [];
  for (const line of logical) {
    const match = /^\s*(\w+)\s+(.*)$/.exec(line);
    if (!match) continue;
    const keyword = (match[1] ?? '').toUpperCase();
    const args = (match[2] ?? '').trim();
    if (keyword === 'FROM') {
      stages.push({ name: /\bAS\s+(\S+)/i.exec(args)?.[1], instructions: [] });
      continue;
    }
    stages.at(-1)?.instructions.push({ keyword, args });
  }
  return stages;
}

/** A JSON-form (exec) argument list, or the shell form split on spaces. */
function commandWords(args: string): string[] {
  if (args.startsWith('[')) {
    const parsed: unknown = JSON.parse(args);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  }
  return args.split(/\s+/);
}

interface Copy {
  fromStage: string | undefined;
  sources: string[];
  destination: string;
}

function copiesOf(stage: Stage): Copy[] {
  return stage.instructions
    .filter((instruction) => instruction.keyword === 'COPY')
    .map((instruction) => {
      const words = commandWords(instruction.args);
      const flags = words.filter((word) => word.startsWith('--'));
      const paths = words.filter((word) => !word.startsWith('--'));
      const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
      return { fromStage: from, sources: paths.slice(0, -1), destination: paths.at(-1) ?? '' };
    });
}

/** Repository paths (relative, `/`-separated) that the runtime stage copies in from the build context. */
function runtimeContextPaths(stage: Stage): string[] {
  const covered: string[] = [];
  for (const copy of copiesOf(stage)) {
    if (copy.fromStage) continue;
    for (const source of copy.sources) {
      const relative = source.replace(/^\.\//, '').replace(/\/$/, '');
      covered.push(relative === '.' ? '' : relative);
    }
  }
  return covered;
}

function isCovered(file: string, covered: string[]): boolean {
  return covered.some((entry) => entry === '' || file === entry || file.startsWith(`${entry}/`));
}

// ------------------------------------------------------------- .dockerignore

/** Docker's rules: patterns anchored at the context root, `**` spans folders, `!` re-includes. */
function dockerignoreMatcher(text: string): (file: string) => boolean {
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      const pattern = (negated ? line.slice(1) : line).replace(/^\/+/, '').replace(/\/+$/, '');
      const source = pattern
        .split('/')
        .map((part) =>
          part === '**'
            ? '.*'
            : part
                .replace(/[.+^${}()|[\]\\]/g, '\\$&')
                .replace(/\*/g, '[^/]*')
                .replace(/\?/g, '[^/]'),
        )
        .join('/')
        .replace(/\.\*\//g, '(?:.*/)?');
      return { negated, regex: new RegExp(`^${source}(?:/.*)?$`) };
    });
  return (file) => {
    let excluded = false;
    for (const rule of rules) if (rule.regex.test(file)) excluded = !rule.negated;
    return excluded;
  };
}

// --------------------------------------------------------- run-time imports

interface ImportGraph {
  /** Repository files the entries load, transitively (relative paths). */
  files: Set<string>;
  /** Package names imported by those files (`kysely`, `@fastify/static`). */
  packages: Set<string>;
  missing: string[];
}

const IMPORT_SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** Follow relative imports from the entries, and workspace packages into their source. */
function walkImports(
  root: string,
  entries: string[],
  workspaces: Map<string, string>,
): ImportGraph {
  const graph: ImportGraph = { files: new Set(), packages: new Set(), missing: [] };
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (graph.files.has(file)) continue;
    const absolute = path.join(root, file);
    if (!existsSync(absolute)) {
      graph.missing.push(file);
      continue;
    }
    graph.files.add(file);
    if (!/\.[cm]?[jt]s$/.test(file)) continue;
    const text = readFileSync(absolute, 'utf8');
    for (const match of text.matchAll(IMPORT_SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (specifier.startsWith('node:')) continue;
      if (specifier.startsWith('.')) {
        queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
        continue;
      }
      const name = packageName(specifier);
      const workspaceEntry = workspaces.get(name);
      if (workspaceEntry) {
        queue.push(workspaceEntry);
        continue;
      }
      graph.packages.add(name);
    }
  }
  return graph;
}

interface PackageJson {
  name?: string;
  type?: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  exports?: Record<string, string>;
}

function readPackage(root: string, dir: string): PackageJson {
  return JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as PackageJson;
}

// ----------------------------------------------------------------- compose

function asList(value: Json | undefined): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return value.split(/\s+/);
  return [];
}

/** depends_on in either form, as name → condition. */
function dependencies(service: JsonObject): Map<string, string> {
  const result = new Map<string, string>();
  const dependsOn = service.depends_on;
  if (Array.isArray(dependsOn)) {
    for (const name of dependsOn) result.set(String(name), 'service_started');
  } else if (isObject(dependsOn)) {
    for (const [name, options] of Object.entries(dependsOn)) {
      const condition = isObject(options) ? options.condition : undefined;
      result.set(name, typeof condition === 'string' ? condition : 'service_started');
    }
  }
  return result;
}

function environment(service: JsonObject): Record<string, string> {
  const env = service.environment;
  if (isObject(env)) {
    return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, String(value)]));
  }
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const [key = '', ...rest] = String(entry).split('=');
        return [key, rest.join('=')];
      }),
    );
  }
  return {};
}

function durationSeconds(value: Json | undefined): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(String(value ?? ''));
  if (!match) return 10; // Docker's default stop grace period.
  const amount = Number(match[1]);
  return match[2] === 'ms' ? amount / 1000 : match[2] === 'm' ? amount * 60 : amount;
}

function namedVolumes(service: JsonObject): string[] {
  return asList(service.volumes)
    .map((volume) => volume.split(':')[0] ?? '')
    .filter((source) => source !== '' && !source.startsWith('.') && !source.startsWith('/'));
}

// ------------------------------------------------------------------- nginx

/**
 * `nginx -t` on the config with what only the compose network provides
 * swapped out (server/test/helpers/local-nginx.ts, as the topology test runs
 * it): the node names (resolved by Docker's DNS) become 127.0.0.1, and on an
 * nginx older than the image's, the `resolve` parameter it does not know yet
 * goes, with the resolver.
 */
function validateWithNginx(report: Report, config: string, nodes: string[]): void {
  const name = 'nginx: `nginx -t` accepts deploy/nginx.conf';
  const build = installedNginx();
  if (!build) {
    report.skip(name, 'no nginx binary here (apt-get install -y nginx to run this check)');
    return;
  }
  const version = build.version.join('.');
  const keepResolve = knowsResolve(build);
  const notes = ['node names replaced by 127.0.0.1'];
  if (!keepResolve) notes.push(`'resolve' dropped (nginx ${version} here predates it)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'floorfill-nginx-'));
  try {
    const local = localNginxConfig(config, {
      upstreams: Object.fromEntries(nodes.map((node) => [node, '127.0.0.1:3000'])),
      keepResolve,
      runtimeDir: { dir, without: build.without },
    });
    const file = path.join(dir, 'nginx.conf');
    writeFileSync(file, local);
    const result = spawnSync(
      'nginx',
      [
        '-t',
        '-q',
        '-c',
        file,
        '-p',
        dir,
        '-e',
        'stderr',
        '-g',
        `pid ${path.join(dir, 'nginx.pid')};`,
      ],
      { encoding: 'utf8' },
    );
    const output = `${result.stderr}${result.stdout}`.trim();
    report.check(
      name,
      result.status === 0,
      result.status === 0 ? `nginx ${version}: ok (${notes.join('; ')})` : output,
    );
  } catch (error) {
    report.check(name, false, error instanceof Error ? error.message : String(error));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ checks

export function checkDeploy(root: string): CheckResult[] {
  const report = new Report();
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

  // Dockerfile
  const stages = parseDockerfile(read('Dockerfile'));
  const runtime = stages.at(-1);
  report.check('dockerfile: multi-stage build', stages.length >= 2, `${stages.length} stages`);
  if (!runtime) return report.results;
  const runtimeWords = (keyword: string) =>
    runtime.instructions.filter((instruction) => instruction.keyword === keyword);
  const user = runtimeWords('USER').at(-1)?.args.split(':')[0];
  report.check(
    'dockerfile: runtime stage runs as a non-root USER',
    Boolean(user) && user !== 'root' && user !== '0',
    `USER ${user ?? '(none: root)'}`,
  );
  report.check(
    'dockerfile: runtime stage sets NODE_ENV=production',
    runtimeWords('ENV').some((instruction) => /\bNODE_ENV=production\b/.test(instruction.args)),
    'ENV NODE_ENV',
  );
  report.check(
    'dockerfile: HEALTHCHECK on /healthz',
    runtimeWords('HEALTHCHECK').some((instruction) => instruction.args.includes('/healthz')),
    'HEALTHCHECK',
  );
  const workdir = runtimeWords('WORKDIR').at(-1)?.args;
  const dataDir = /\bDATA_DIR=(\S+)/.exec(
    runtimeWords('ENV')
      .map((instruction) => instruction.args)
      .join(' '),
  )?.[1];
  report.check(
    'dockerfile: runtime WORKDIR is /app with DATA_DIR=/app/data (compose mounts uploads there)',
    workdir === IMAGE_WORKDIR && dataDir === `${IMAGE_WORKDIR}/data`,
    `WORKDIR ${workdir ?? '(none)'}, DATA_DIR ${dataDir ?? '(unset)'}`,
  );
  const cmd = commandWords(runtimeWords('CMD').at(-1)?.args ?? '[]');
  report.check(
    `dockerfile: CMD runs the built app node (node ${builtEntry('main')}), not TypeScript`,
    cmd[0] === 'node' && cmd.at(-1) === builtEntry('main') && !cmd.includes('tsx'),
    cmd.join(' '),
  );
  const install = runtimeWords('RUN').find((instruction) => instruction.args.includes('npm ci'));
  report.check(
    'dockerfile: runtime installs production dependencies of server and shared only',
    Boolean(install) &&
      /--omit=dev\b/.test(install?.args ?? '') &&
      /-w server\b/.test(install?.args ?? '') &&
      /-w shared\b/.test(install?.args ?? ''),
    install?.args ?? '(no npm ci)',
  );
  const fromBuild = (dir: string) =>
    copiesOf(runtime).find(
      (copy) => copy.fromStage !== undefined && copy.destination.replace(/\/$/, '') === dir,
    );
  const builtServer = fromBuild(SERVER_DIST_DIR);
  const builtWeb = fromBuild('web/dist');
  report.check(
    `dockerfile: runtime takes the built server (${SERVER_DIST_DIR}) and web app (web/dist) from the build stage`,
    Boolean(builtServer && builtWeb),
    [
      builtServer
        ? `COPY --from=${builtServer.fromStage} ${SERVER_DIST_DIR}`
        : `no ${SERVER_DIST_DIR}`,
      builtWeb ? `COPY --from=${builtWeb.fromStage} web/dist` : 'no web/dist',
    ].join(', '),
  );
  const builder = stages.find((stage) => stage.name === builtServer?.fromStage);
  // The root build (web and server, see the packages check) or the server's own.
  const buildsServer = (args: string) =>
    /\bnpm run build(?!\s+(?:-w|--workspace)\b)/.test(args) ||
    /\bnpm run build\s+(?:-w|--workspace)[\s=]server\b/.test(args);
  const buildRun = builder?.instructions.find(
    (instruction) => instruction.keyword === 'RUN' && buildsServer(instruction.args),
  );
  report.check(
    'dockerfile: the build stage builds the server (`npm run build`)',
    Boolean(buildRun),
    buildRun?.args ?? `no server build in stage ${builtServer?.fromStage ?? '(none)'}`,
  );

  // What the server loads at run time must be in the image, and its packages must survive --omit=dev.
  const shared = readPackage(root, 'shared');
  const workspaces = new Map<string, string>();
  if (shared.name)
    workspaces.set(shared.name, path.posix.join('shared', shared.exports?.['.'] ?? 'src/index.ts'));
  const graph = walkImports(root, SERVER_ENTRIES, workspaces);
  report.check(
    'imports: every file the server entries import exists',
    graph.missing.length === 0,
    graph.missing.length ? `missing: ${graph.missing.join(', ')}` : `${graph.files.size} files`,
  );
  // Read with readFileSync by the migrations (the catalog seed), not imported; the build copies them.
  const migrationData = existsSync(path.join(root, MIGRATION_DATA.from))
    ? readdirSync(path.join(root, MIGRATION_DATA.from)).map((file) =>
        path.posix.join(MIGRATION_DATA.from, file),
      )
    : [];
  const buildFiles = [...graph.files, ...migrationData, ...BUILD_INPUTS];
  const builderCovered = builder ? runtimeContextPaths(builder) : [];
  const notInBuild = buildFiles.filter((file) => !isCovered(file, builderCovered));
  report.check(
    'dockerfile: build stage COPYs every source the server build reads',
    Boolean(builder) && notInBuild.length === 0,
    notInBuild.length
      ? `not in the build stage: ${notInBuild.join(', ')}`
      : `${buildFiles.length} files under ${builderCovered.join(', ')}`,
  );
  const covered = runtimeContextPaths(runtime);
  // npm ci needs every workspace manifest; server/package.json also makes the bundles ES modules.
  const runtimeFiles = [
    'package.json',
    'package-lock.json',
    'server/package.json',
    'shared/package.json',
    'web/package.json',
  ];
  const notCopied = runtimeFiles.filter((file) => !isCovered(file, covered));
  report.check(
    'dockerfile: runtime stage COPYs the manifests npm ci and the bundles need',
    notCopied.length === 0,
    notCopied.length ? `not in the image: ${notCopied.join(', ')}` : runtimeFiles.join(', '),
  );
  const server = readPackage(root, 'server');
  const production = new Set([
    ...Object.keys(server.dependencies ?? {}),
    ...Object.keys(shared.dependencies ?? {}),
  ]);
  const devOnly = [...graph.packages].filter((name) => !production.has(name)).sort();
  report.check(
    'packages: every package the server imports is a production dependency of server or shared',
    devOnly.length === 0,
    devOnly.length
      ? `dropped by --omit=dev: ${devOnly.join(', ')}`
      : `${graph.packages.size} packages`,
  );
  report.check(
    `packages: server/package.json makes the bundles in ${SERVER_DIST_DIR} ES modules`,
    server.type === 'module',
    `type: ${server.type ?? '(none: CommonJS)'}`,
  );
  const rootBuild = readPackage(root, '.').scripts?.build ?? '';
  report.check(
    'packages: `npm run build` builds the web app and the server',
    /-w web\b/.test(rootBuild) && /-w server\b/.test(rootBuild) && Boolean(server.scripts?.build),
    `build: ${rootBuild || '(none)'}; server build: ${server.scripts?.build ?? '(none)'}`,
  );

  // .dockerignore
  const ignored = dockerignoreMatcher(read('.dockerignore'));
  const mustExclude = ['node_modules', 'server/node_modules', 'data', '.env', '.git'];
  const notExcluded = mustExclude.filter((file) => !ignored(file));
  report.check(
    '.dockerignore: excludes node_modules, data, .env and .git',
    notExcluded.length === 0,
    notExcluded.length ? `not excluded: ${notExcluded.join(', ')}` : mustExclude.join(', '),
  );
  const wronglyExcluded = [
    ...buildFiles.filter((file) => isCovered(file, builderCovered)),
    ...runtimeFiles.filter((file) => isCovered(file, covered)),
  ].filter(ignored);
  report.check(
    '.dockerignore: keeps everything the build and runtime stages copy',
    wronglyExcluded.length === 0,
    wronglyExcluded.length ? `excluded: ${wronglyExcluded.join(', ')}` : 'ok',
  );

  // docker-compose.yml
  let compose: JsonObject;
  try {
    const parsed = parseYaml(read('docker-compose.yml'), { merge: true, uniqueKeys: true }) as Json;
    if (!isObject(parsed)) throw new Error('not a mapping');
    compose = parsed;
    report.check('compose: docker-compose.yml parses as YAML', true, 'ok');
  } catch (error) {
    report.check('compose: docker-compose.yml parses as YAML', false, String(error));
    return report.results;
  }
  const services = isObject(compose.services) ? compose.services : {};
  const service = (name: string): JsonObject => {
    const value = services[name];
    return isObject(value) ? value : {};
  };
  const names = Object.keys(services);
  const appNodes = names.filter((name) => /^app\d*$/.test(name));
  const ours = names.filter((name) => service(name).build !== undefined);

  report.check(
    'compose: every service has a build or an image',
    names.every((name) => service(name).build !== undefined || service(name).image !== undefined),
    names.join(', '),
  );
  report.check(
    'compose: two or more app nodes',
    appNodes.length >= 2,
    appNodes.join(', ') || 'none',
  );
  for (const required of ['postgres', 'redis', 'migrate', 'worker', 'lb']) {
    report.check(`compose: has a ${required} service`, names.includes(required), names.join(', '));
  }

  // The commands our image runs: an explicit command, else the Dockerfile's CMD.
  // A script is in the image when the build makes it (and the runtime takes the build) or a COPY brings it.
  const built = new Set(
    builtServer
      ? Object.keys(SERVER_ENTRY_POINTS).map((entry) => builtEntry(entry as ServerEntryName))
      : [],
  );
  for (const name of ours) {
    const words = service(name).command === undefined ? cmd : asList(service(name).command);
    const scripts = words.filter((word) => /\.[cm]?[jt]s$/.test(word));
    const absent = scripts.filter(
      (script) =>
        !built.has(script) && !(existsSync(path.join(root, script)) && isCovered(script, covered)),
    );
    report.check(
      `compose: ${name} runs a script the image has (a built entry or a copied file)`,
      scripts.length > 0 && absent.length === 0,
      absent.length ? `not in the image: ${absent.join(', ')}` : words.join(' '),
    );
  }
  const workerCommand = asList(service('worker').command);
  report.check(
    `compose: the worker runs ${builtEntry('worker')}`,
    workerCommand.includes(builtEntry('worker')),
    workerCommand.join(' '),
  );
  const migrate = service('migrate');
  report.check(
    `compose: migrate is one-shot (restart: "no") and runs ${builtEntry('migrate')}`,
    migrate.restart === 'no' && asList(migrate.command).includes(builtEntry('migrate')),
    `restart: ${String(migrate.restart)}, command: ${asList(migrate.command).join(' ')}`,
  );
  for (const name of [...appNodes, 'worker']) {
    const deps = dependencies(service(name));
    report.check(
      `compose: ${name} waits for migrate (service_completed_successfully) and a healthy redis`,
      deps.get('migrate') === 'service_completed_successfully' &&
        deps.get('redis') === 'service_healthy',
      [...deps].map(([dep, condition]) => `${dep}: ${condition}`).join(', ') || 'no depends_on',
    );
  }
  report.check(
    'compose: migrate waits for a healthy postgres',
    dependencies(migrate).get('postgres') === 'service_healthy',
    String(dependencies(migrate).get('postgres')),
  );
  const declaredVolumes = isObject(compose.volumes) ? Object.keys(compose.volumes) : [];
  for (const name of ['postgres', 'redis']) {
    const healthcheck = service(name).healthcheck;
    const volumes = namedVolumes(service(name));
    report.check(
      `compose: ${name} has a healthcheck and a named volume`,
      isObject(healthcheck) &&
        healthcheck.test !== undefined &&
        volumes.length > 0 &&
        volumes.every((volume) => declaredVolumes.includes(volume)),
      `volumes: ${volumes.join(', ') || 'none'}`,
    );
  }
  for (const name of appNodes) {
    const env = environment(service(name));
    const wrong = Object.entries({
      NODE_ENV: 'production',
      TRUST_PROXY: '1',
      RUN_WORKER: 'false',
    }).filter(([key, value]) => env[key] !== value);
    const absent = [
      'DATABASE_URL',
      'REDIS_URL',
      'JWT_SECRET',
      'ENCRYPTION_KEY',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'SMTP_URL',
      'PUBLIC_URL',
    ].filter((key) => !env[key]);
    report.check(
      `compose: ${name} runs in production behind the balancer with the worker separate`,
      wrong.length === 0 && absent.length === 0,
      [
        ...wrong.map(([key]) => `${key}=${env[key] ?? '(unset)'}`),
        ...absent.map((key) => `${key} unset`),
      ].join(', ') ||
        'NODE_ENV=production, TRUST_PROXY=1, RUN_WORKER=false, DATABASE_URL, REDIS_URL, secrets',
    );
  }
  // Payments break quietly when a Stripe setting never reaches a node: each must be passed through (empty means unset).
  const stripeSettings = [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_CONNECT_WEBHOOK_SECRET',
    'STRIPE_PLATFORM_FEE_PERCENT',
  ];
  for (const name of [...appNodes, 'worker']) {
    const env = environment(service(name));
    const missing = stripeSettings.filter((key) => !(key in env));
    report.check(
      `compose: ${name} passes every Stripe setting through`,
      missing.length === 0,
      missing.length > 0 ? `missing: ${missing.join(', ')}` : stripeSettings.join(', '),
    );
  }
  for (const name of [...appNodes, 'worker']) {
    const uploads = asList(service(name).volumes).find((volume) => volume.startsWith('uploads:'));
    report.check(
      `compose: ${name} keeps uploads on the shared uploads volume`,
      uploads?.split(':')[1] === `${IMAGE_WORKDIR}/data/uploads`,
      uploads ?? 'no uploads volume',
    );
  }
  for (const name of [...appNodes, 'worker']) {
    const grace = durationSeconds(service(name).stop_grace_period);
    report.check(
      `compose: ${name} gets longer than SHUTDOWN_TIMEOUT_MS to stop`,
      grace > SHUTDOWN_TIMEOUT_SECONDS,
      `stop_grace_period ${grace}s vs ${SHUTDOWN_TIMEOUT_SECONDS}s`,
    );
  }
  const workerHealth = service('worker').healthcheck;
  const workerHealthTest = isObject(workerHealth) ? asList(workerHealth.test).join(' ') : '';
  report.check(
    'compose: the worker is health-checked on its WORKER_PORT (3001), not the app port',
    workerHealthTest.includes(':3001/healthz'),
    workerHealthTest || '(inherits the image healthcheck on PORT)',
  );

  // Load balancer
  const lb = service('lb');
  const mount = asList(lb.volumes).find((volume) => volume.includes('nginx.conf'));
  const configFile = mount?.split(':')[0]?.replace(/^\.\//, '');
  report.check(
    'lb: mounts a balancer config that exists in the repo',
    Boolean(configFile) && existsSync(path.join(root, configFile ?? '')),
    mount ?? 'no nginx.conf mount',
  );
  if (!configFile || !existsSync(path.join(root, configFile))) return report.results;
  const nginx = read(configFile);
  const upstreamHosts = [...nginx.matchAll(/^\s*server\s+([\w.-]+):(\d+)/gm)].map(
    (match) => `${match[1]}:${match[2]}`,
  );
  const unreached = appNodes.filter((node) => !upstreamHosts.includes(`${node}:3000`));
  const unknown = upstreamHosts.filter((host) => !appNodes.includes(host.split(':')[0] ?? ''));
  report.check(
    'lb: the upstream lists every app node and nothing else',
    unreached.length === 0 && unknown.length === 0 && upstreamHosts.length > 0,
    unreached.length || unknown.length
      ? `missing: ${unreached.join(', ') || '-'}; unknown: ${unknown.join(', ') || '-'}`
      : upstreamHosts.join(', '),
  );
  const lbDeps = dependencies(lb);
  report.check(
    'lb: starts after the app nodes',
    appNodes.every((node) => lbDeps.has(node)),
    [...lbDeps.keys()].join(', '),
  );
  const passesUpgrades =
    /proxy_http_version\s+1\.1\s*;/.test(nginx) &&
    /proxy_set_header\s+Upgrade\s+\$http_upgrade\s*;/.test(nginx) &&
    /proxy_set_header\s+Connection\s+("?upgrade"?|\$connection_upgrade)\s*;/.test(nginx) &&
    (!nginx.includes('$connection_upgrade') ||
      /map\s+\$http_upgrade\s+\$connection_upgrade/.test(nginx));
  report.check(
    'lb: passes WebSocket upgrades (HTTP/1.1, Upgrade and Connection headers)',
    passesUpgrades,
    'proxy_http_version 1.1; Upgrade $http_upgrade; Connection $connection_upgrade',
  );
  report.check(
    'lb: tells the nodes the client address (X-Forwarded-For, for TRUST_PROXY)',
    /proxy_set_header\s+X-Forwarded-For\s+\$proxy_add_x_forwarded_for\s*;/.test(nginx),
    'X-Forwarded-For',
  );
  report.check(
    'lb: does not serve /metrics to the public',
    /location\s+=\s+\/metrics\s*\{\s*(return\s+40[34]|deny\s+all)\s*;/.test(nginx),
    'location = /metrics',
  );
  const gzipTypes = /^\s*gzip_types\s+([^;]*);/m.exec(nginx)?.[1]?.split(/\s+/) ?? [];
  report.check(
    'lb: compresses JSON and the web app (gzip)',
    /^\s*gzip\s+on\s*;/m.test(nginx) &&
      ['application/json', 'application/javascript', 'text/css'].every((type) =>
        gzipTypes.includes(type),
      ),
    `gzip_types ${gzipTypes.join(' ') || '(none)'}`,
  );
  validateWithNginx(report, nginx, appNodes);
  return report.results;
}

function main(): void {
  const args = process.argv.slice(2);
  const rootFlag = args.indexOf('--root');
  const root = path.resolve(
    rootFlag >= 0 ? (args[rootFlag + 1] ?? '.') : path.join(import.meta.dirname, '..'),
  );
  const results = checkDeploy(root);
  const failed = results.filter((result) => result.status === 'failed');
  if (args.includes('--json')) {
    console.log(JSON.stringify({ root, results }, null, 2));
  } else {
    for (const result of results) {
      const mark = { ok: 'ok  ', failed: 'FAIL', skipped: 'skip' }[result.status];
      console.log(`${mark} ${result.name} — ${result.detail}`);
    }
    const skipped = results.filter((result) => result.status === 'skipped').length;
    console.log(
      `${results.length - failed.length - skipped} passed, ${failed.length} failed, ${skipped} skipped`,
    );
  }
  process.exitCode = failed.length > 0 ? 1 : 0;
}

main();
