// The carving cache under concurrency and faults: two runs on one cache give the same result
// and never mark a good variant as failed; a damaged entry is rebuilt; staging folders of a
// killed run are swept.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { carveSpace } from '../../src/analysis/carving/index.js';
import { sweepStaging } from '../../src/analysis/carving/build.js';
import { loadConfigFile } from '../../src/config/load.js';

const configFile = 'test/fixtures/carving/tiny.yml';
const { config } = loadConfigFile(configFile);
const cacheDir = mkdtempSync(path.join(tmpdir(), 'carve-cache-race-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));
const outcome = (run: Awaited<ReturnType<typeof carveSpace>>) => run.builds.map((b) => [b.variant.id, b.ok]);

describe('one cache, two concurrent carving runs', () => {
  it('both see every variant that builds as built, and the same carving', async () => {
    const [a, b] = await Promise.all(
      [1, 2].map(() => carveSpace({ config, spaceName: 'tiny', arch: 'sm_90', cacheDir, configFile, jobs: 2 })),
    );
    expect(outcome(a)).toEqual(outcome(b));
    // UNROLL=3 does not compile (the fixture's static_assert); every other variant does.
    expect(a.builds.filter((x) => !x.ok).map((x) => x.variant.id)).toEqual(['UNROLL=3,STRIDE=1,BLOCK=128', 'UNROLL=3,STRIDE=32,BLOCK=128']);
    expect(b.result).toEqual(a.result);
    expect(readdirSync(cacheDir).filter((n) => /\.(tmp|stale)-/.test(n))).toEqual([]);
  }, 180_000);

  it('a damaged entry (its PTX gone) is rebuilt, not reported as a failed build', async () => {
    const first = await carveSpace({ config, spaceName: 'tiny', arch: 'sm_90', cacheDir, configFile, jobs: 2 });
    const victim = first.builds.find((x) => x.ok)!;
    rmSync(path.join(cacheDir, victim.key, 'kernel.ptx'));
    const again = await carveSpace({ config, spaceName: 'tiny', arch: 'sm_90', cacheDir, configFile, jobs: 2 });
    expect(again.builds.filter((x) => !x.cached).map((x) => x.variant.id)).toEqual([victim.variant.id]);
    expect(outcome(again)).toEqual(outcome(first));
    expect(existsSync(path.join(cacheDir, victim.key, 'kernel.ptx'))).toBe(true);
  }, 180_000);

  it("sweeps staging folders whose process is gone, and keeps a live process's", () => {
    const dead = path.join(cacheDir, 'deadbeef.tmp-2147483646-1');
    const live = path.join(cacheDir, `cafe.tmp-${process.ppid}-1`);
    mkdirSync(dead);
    mkdirSync(live);
    sweepStaging(cacheDir);
    expect([existsSync(dead), existsSync(live)]).toEqual([false, true]);
    rmSync(live, { recursive: true });
  });
});
