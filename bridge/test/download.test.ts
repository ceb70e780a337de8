import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBridge } from '../build.ts';

/**
 * The bridge a DJ downloads from the booth is one file that runs with plain
 * `node`, far from any clone: built into a folder of its own (no
 * node_modules anywhere above it to lean on), it starts and says how to use it.
 */
describe('the bridge download', () => {
  let folder: string;
  let file: string;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'floorfill-download-'));
    file = path.join(folder, 'floorfill-bridge.mjs');
    await buildBridge(file);
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('runs on its own and explains itself', () => {
    const run = spawnSync(process.execPath, [file, '--help'], { cwd: folder, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('--pair CODE');
  });

  it('says what is missing instead of failing', () => {
    const home = path.join(folder, 'home');
    const run = spawnSync(process.execPath, [file, '--source', 'virtualdj', '--home', home], {
      cwd: folder,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('Pair first');
  });
});
