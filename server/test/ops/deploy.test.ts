import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './server-process.ts';

/**
 * The deployment files, checked offline by scripts/check-deploy.ts (there is
 * no Docker engine here): the real files pass, and a broken copy fails on
 * exactly what was broken, so the checks can fail.
 */

interface CheckResult {
  name: string;
  status: 'ok' | 'failed' | 'skipped';
  detail: string;
}

function runChecks(root: string): { exitCode: number | null; results: CheckResult[] } {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/check-deploy.ts', '--json', '--root', root],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  );
  if (!run.stdout) throw new Error(`check-deploy printed nothing:\n${run.stderr}`);
  const report = JSON.parse(run.stdout) as { results: CheckResult[] };
  return { exitCode: run.status, results: report.results };
}

const hasNginx = !spawnSync('nginx', ['-v']).error;

describe('deployment files', () => {
  const { exitCode, results } = runChecks(REPO_ROOT);
  const byName = (fragment: string) => results.filter((result) => result.name.includes(fragment));

  it('pass every check', () => {
    const failed = results.filter((result) => result.status === 'failed');
    expect(failed).toEqual([]);
    expect(exitCode).toBe(0);
  });

  it.each([
    'compose: docker-compose.yml parses as YAML',
    'compose: every service has a build or an image',
    'compose: two or more app nodes',
    'compose: worker runs a script the image has',
    'compose: the worker runs server/dist/worker.js',
    'compose: migrate is one-shot (restart: "no")',
    'compose: app1 waits for migrate (service_completed_successfully)',
    'compose: postgres has a healthcheck and a named volume',
    'compose: redis has a healthcheck and a named volume',
    'compose: app1 passes every Stripe setting through',
    'compose: worker passes every Stripe setting through',
    'lb: the upstream lists every app node',
    'lb: passes WebSocket upgrades',
    'lb: compresses JSON and the web app',
    'dockerfile: runtime stage runs as a non-root USER',
    'dockerfile: CMD runs the built app node (node server/dist/main.js)',
    'dockerfile: runtime takes the built server (server/dist) and web app (web/dist)',
    'dockerfile: the build stage builds the server',
    'dockerfile: build stage COPYs every source the server build reads',
    'dockerfile: runtime stage COPYs the manifests',
    'packages: `npm run build` builds the web app and the server',
    'packages: server/package.json makes the bundles in server/dist ES modules',
    'packages: every package the server imports is a production dependency',
    '.dockerignore: excludes node_modules, data',
  ])('include "%s"', (name) => {
    expect(byName(name).map((result) => result.status)).toContain('ok');
  });

  it.skipIf(!hasNginx)('validate the balancer config with nginx -t', () => {
    expect(byName('nginx -t')).toEqual([expect.objectContaining({ status: 'ok' })]);
  });

  it.skipIf(hasNginx)('skip nginx -t, saying so, where nginx is not installed', () => {
    expect(byName('nginx -t')).toEqual([
      expect.objectContaining({ status: 'skipped', detail: expect.stringContaining('no nginx') }),
    ]);
  });
});

describe('a broken copy of the deployment files', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'floorfill-deploy-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const source = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
  const replaced = (text: string, from: RegExp | string, to: string) => {
    const next = text.replace(from, to);
    if (next === text) throw new Error(`fixture: ${String(from)} not found`);
    return next;
  };

  // The sources as they are, the deployment files and server manifest broken on purpose.
  for (const dir of ['shared', 'migrations'])
    symlinkSync(path.join(REPO_ROOT, dir), path.join(root, dir));
  mkdirSync(path.join(root, 'server'));
  mkdirSync(path.join(root, 'deploy'));
  symlinkSync(path.join(REPO_ROOT, 'server/src'), path.join(root, 'server/src'));
  const rootPackage = JSON.parse(source('package.json')) as { scripts: Record<string, string> };
  rootPackage.scripts.build = 'npm run build -w web';
  writeFileSync(path.join(root, 'package.json'), JSON.stringify(rootPackage));
  const serverPackage = JSON.parse(source('server/package.json')) as {
    type?: string;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  serverPackage.devDependencies['prom-client'] = serverPackage.dependencies['prom-client'] ?? '';
  delete serverPackage.dependencies['prom-client'];
  delete serverPackage.type;
  writeFileSync(path.join(root, 'server/package.json'), JSON.stringify(serverPackage));

  let compose = source('docker-compose.yml');
  compose = replaced(compose, /\n {2}app2:\n[\s\S]*?(?=\n {2}worker:)/, '\n');
  compose = replaced(compose, "restart: 'no'", "restart: 'on-failure'");
  compose = replaced(compose, 'server/dist/worker.js', 'server/dist/no-such-worker.js');
  compose = replaced(compose, /^ {4}STRIPE_CONNECT_WEBHOOK_SECRET: .*\n/m, '');
  writeFileSync(path.join(root, 'docker-compose.yml'), compose);

  let dockerfile = source('Dockerfile');
  dockerfile = replaced(dockerfile, /^USER node\n/m, '');
  dockerfile = replaced(dockerfile, /^COPY migrations migrations\n/m, '');
  dockerfile = replaced(dockerfile, /^RUN npm run build\n/m, 'RUN npm run build -w web\n');
  dockerfile = replaced(dockerfile, /^COPY --from=build \/app\/web\/dist web\/dist\n/m, '');
  dockerfile = replaced(
    dockerfile,
    /^CMD \[.*\]$/m,
    'CMD ["node", "--import", "tsx", "server/src/main.ts"]',
  );
  // The runtime stage's web manifest (the build stage keeps its own).
  dockerfile = replaced(
    dockerfile,
    /^COPY web\/package.json web\/\n(COPY bridge\/package.json bridge\/\nRUN npm ci --omit=dev)/m,
    '$1',
  );
  writeFileSync(path.join(root, 'Dockerfile'), dockerfile);

  writeFileSync(
    path.join(root, 'deploy/nginx.conf'),
    replaced(
      replaced(source('deploy/nginx.conf'), /^\s*proxy_set_header Upgrade .*\n/m, ''),
      /^\s*gzip on;\n/m,
      '',
    ),
  );
  writeFileSync(
    path.join(root, '.dockerignore'),
    replaced(source('.dockerignore'), /^data\n/m, ''),
  );

  const { exitCode, results } = runChecks(root);
  const failed = (fragment: string) =>
    results.find((result) => result.name.includes(fragment) && result.status === 'failed');

  it('fails the run', () => {
    expect(exitCode).toBe(1);
  });

  it.each([
    ['a single app node', 'compose: two or more app nodes', 'app1'],
    ['a migrate step that restarts', 'compose: migrate is one-shot', 'on-failure'],
    [
      'a worker command with no script behind it',
      'compose: worker runs a script the image has',
      'no-such-worker',
    ],
    [
      'a Stripe setting not passed through',
      'passes every Stripe setting through',
      'STRIPE_CONNECT_WEBHOOK_SECRET',
    ],
    ['a root runtime', 'runs as a non-root USER', 'root'],
    [
      'migrations left out of the build',
      'build stage COPYs every source',
      'migrations/data/catalog-songs-v1.json',
    ],
    ['an image that runs TypeScript', 'CMD runs the built app node', 'tsx'],
    [
      'a build stage that builds only the web app',
      'build stage builds the server',
      'no server build',
    ],
    ['the built web app left in the build stage', 'runtime takes the built server', 'no web/dist'],
    ['a workspace manifest npm ci needs left out', 'COPYs the manifests', 'web/package.json'],
    ['a root build without the server', '`npm run build` builds', 'build: npm run build -w web'],
    [
      'bundles that would load as CommonJS',
      'makes the bundles in server/dist ES modules',
      'CommonJS',
    ],
    ['a run-time package moved to devDependencies', 'production dependency', 'prom-client'],
    ['no Upgrade header at the balancer', 'passes WebSocket upgrades', ''],
    ['no compression at the balancer', 'compresses JSON', 'application/json'],
    ['local data sent into the build context', '.dockerignore: excludes', 'data'],
  ])('names %s', (_what, check, detail) => {
    expect(failed(check)?.detail).toContain(detail);
  });
});
