import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBridge } from '../build.ts';

/**
 * The bridge a DJ downloads from the booth is one file that runs with plain
 * `node`, far from any clone: built into a folder of its own (no
 * node_modules anywhere above it to lean on), it starts and says how to use
 * it. Beside it, the single executable runs with no Node on the PATH at all.
 */
describe('the bridge download', () => {
  let folder: string;
  let file: string;
  let executable: string;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'floorfill-download-'));
    file = path.join(folder, 'floorfill-bridge.mjs');
    await buildBridge(file);
    const listed = JSON.parse(readFileSync(path.join(folder, 'executables.json'), 'utf8')) as {
      os: string;
      arch: string;
      file: string;
    }[];
    expect(listed).toEqual([
      {
        os: process.platform,
        arch: process.arch,
        file: expect.stringMatching(/^floorfill-bridge-/),
      },
    ]);
    executable = path.join(folder, listed[0]?.file ?? '');
  }, 60_000);
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  /** A DJ's laptop: no Node anywhere on the PATH, no clone. */
  const bare = () => ({ PATH: folder, HOME: folder });

  for (const [name, command, args] of [
    ['the one file, with node', () => process.execPath, () => [file]],
    ['the single executable, with no Node on the PATH', () => executable, () => []],
  ] as const) {
    it(`${name}: runs on its own and explains itself`, () => {
      const run = spawnSync(command(), [...args(), '--help'], {
        cwd: folder,
        encoding: 'utf8',
        env: bare(),
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('--pair CODE');
      expect(run.stderr).toBe('');
    });

    it(`${name}: says what is missing instead of failing`, () => {
      const home = path.join(folder, 'home');
      const run = spawnSync(command(), [...args(), '--source', 'virtualdj', '--home', home], {
        cwd: folder,
        encoding: 'utf8',
        env: bare(),
      });
      expect(run.status).toBe(1);
      expect(run.stdout).toContain('Pair first');
    });
  }
});
