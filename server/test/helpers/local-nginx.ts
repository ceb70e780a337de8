import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnOwned, type OwnedProcess } from './owned-process.ts';

/**
 * deploy/nginx.conf run on this machine, outside Docker: the file itself,
 * with only what the compose network provides swapped for a local
 * equivalent. Used by the topology test (which runs it in front of real
 * nodes) and by scripts/check-deploy.ts (`nginx -t`). The node addresses,
 * the listen address and the http block must each be found once, and no
 * upstream may be left without a local address, so a change to the config
 * that the swaps no longer fit fails loudly instead of testing something else.
 */

export interface NginxBuild {
  version: [number, number, number];
  /** `--without-http_<name>_module` in the configure arguments. */
  without: Set<string>;
}

/** The installed nginx (`nginx -V`), or undefined when there is none. */
export function installedNginx(): NginxBuild | undefined {
  const result = spawnSync('nginx', ['-V'], { encoding: 'utf8' });
  if (result.error) return undefined;
  const text = `${result.stderr}${result.stdout}`;
  const match = /nginx\/(\d+)\.(\d+)\.(\d+)/.exec(text);
  if (!match) return undefined;
  const without = new Set(
    [...text.matchAll(/--without-http_(\w+)_module/g)].map((m) => m[1] ?? ''),
  );
  return { version: [Number(match[1]), Number(match[2]), Number(match[3])], without };
}

/** nginx gained the `resolve` server parameter in its open-source build with 1.27.3. */
const NGINX_RESOLVE_SINCE = [1, 27, 3];

export function knowsResolve(build: NginxBuild): boolean {
  for (let i = 0; i < NGINX_RESOLVE_SINCE.length; i += 1) {
    const have = build.version[i] ?? 0;
    const need = NGINX_RESOLVE_SINCE[i] ?? 0;
    if (have !== need) return have > need;
  }
  return true;
}

export interface LocalNginxOptions {
  /** Upstream server name in the config (`app1`) → the address it has here (`127.0.0.1:41234`). */
  upstreams: Record<string, string>;
  /** What to listen on instead of the container's port (`127.0.0.1:41235`); kept when absent. */
  listen?: string;
  /**
   * Keep the `resolve` parameters and Docker's resolver, for `nginx -t` on an
   * nginx that knows them. Otherwise both go: the upstreams here are fixed
   * addresses with nothing to look up, and 127.0.0.11 exists only in Docker.
   */
  keepResolve?: boolean;
  /**
   * The run-time paths compiled into the distribution's nginx (temp files,
   * access log under /var) moved under this folder, so a test's nginx writes
   * nothing outside it. `without` names modules whose temp path directive
   * this nginx does not have.
   */
  runtimeDir?: { dir: string; without: Set<string> };
}

function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`));
  if (matches?.length !== 1) {
    throw new Error(`deploy/nginx.conf: expected one ${what}, found ${matches?.length ?? 0}`);
  }
  return text.replace(pattern, replacement);
}

const TEMP_PATHS = [
  ['client_body_temp_path', 'client_body', undefined],
  ['proxy_temp_path', 'proxy', 'proxy'],
  ['fastcgi_temp_path', 'fastcgi', 'fastcgi'],
  ['uwsgi_temp_path', 'uwsgi', 'uwsgi'],
  ['scgi_temp_path', 'scgi', 'scgi'],
] as const;

/** deploy/nginx.conf with the swaps above applied. */
export function localNginxConfig(source: string, options: LocalNginxOptions): string {
  let config = source;
  for (const [name, address] of Object.entries(options.upstreams)) {
    config = replaceOnce(
      config,
      new RegExp(`(^\\s*server\\s+)${name}:\\d+`, 'm'),
      `$1${address}`,
      `upstream server ${name}`,
    );
  }
  const unknown = [...config.matchAll(/^\s*server\s+([\w.-]+:\d+)/gm)]
    .map((match) => match[1] ?? '')
    .filter((host) => !/^127\.0\.0\.1:\d+$/.test(host));
  if (unknown.length > 0) {
    throw new Error(`deploy/nginx.conf: no local address for upstream ${unknown.join(', ')}`);
  }
  if (!options.keepResolve) {
    config = config.replace(/(^\s*server\s[^;]*?)\s+resolve(?=[\s;])/gm, '$1');
    config = config.replace(/^\s*resolver\s[^;]*;\n/m, '');
  }
  if (options.listen) {
    config = replaceOnce(config, /^(\s*listen\s+)[^;]+;/m, `$1${options.listen};`, 'listen');
  }
  if (options.runtimeDir) {
    const { dir, without } = options.runtimeDir;
    const lines = TEMP_PATHS.filter(([, , module]) => !module || !without.has(module)).map(
      ([directive, folder]) => `  ${directive} ${path.join(dir, folder)};`,
    );
    lines.push(`  access_log ${path.join(dir, 'access.log')};`);
    config = replaceOnce(config, /^http\s*\{\n/m, `http {\n${lines.join('\n')}\n`, 'http block');
  }
  return config;
}

export interface LocalNginx {
  /** `http://127.0.0.1:<port>` */
  url: string;
  process: OwnedProcess;
  stop(): Promise<void>;
}

/**
 * deploy/nginx.conf (its text in `source`) in front of `upstreams`, on
 * `127.0.0.1:<port>`, as a process group the test owns, with its pid file,
 * temp files and logs in a folder of its own (removed on stop). Errors go to
 * the process output.
 */
export function startLocalNginx(
  source: string,
  options: { build: NginxBuild; upstreams: Record<string, string>; port: number },
): LocalNginx {
  const dir = mkdtempSync(path.join(tmpdir(), 'floorfill-nginx-'));
  // As root, nginx's workers run as its unprivileged user and write temp files here.
  chmodSync(dir, 0o755);
  const config = localNginxConfig(source, {
    upstreams: options.upstreams,
    listen: `127.0.0.1:${options.port}`,
    runtimeDir: { dir, without: options.build.without },
  });
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, config);
  const nginx = spawnOwned('nginx', [
    '-p',
    dir,
    '-c',
    file,
    '-e',
    'stderr',
    '-g',
    `daemon off; pid ${path.join(dir, 'nginx.pid')}; error_log stderr warn;`,
  ]);
  return {
    url: `http://127.0.0.1:${options.port}`,
    process: nginx,
    async stop() {
      // SIGTERM is nginx's fast stop: a graceful one would wait for open WebSockets.
      await nginx.stop('SIGTERM', 5000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
