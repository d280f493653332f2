// The table of docs/benchmarks.md (reference.mjs): written from a sample `make bench` log, and
// holding a row for every budget the bench code names, so a budget added without one fails here.
// Run by `make test`.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { BUDGETS, kind, limit } from './budgets.mjs';
import { END, render, replaceTable, START } from './reference.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const page = readFileSync(join(root, 'docs/benchmarks.md'), 'utf8');
const measures = readFileSync(join(root, 'docs/bench/README.md'), 'utf8');
const stamp = { stamp: { commit: 'abc1234', dirty: false, at: '2026-11-26T17:40:05.000Z', cores: 2, load: [3.04, 2, 1] } };
const sample = [
  `BENCH ${JSON.stringify(stamp)}`,
  'goos: linux',
  'BenchmarkSync100kTickets/sqlite-2         \t       1\t2345678901 ns/op\t      1620 push-ms\t       410.0 pull-ms\t 123 B/op',
  'BenchmarkImportBombs/zip_bomb-2   \t       1\t  900 ns/op\t      1200 ms\t        55.5 peak-rss-MB',
  'BenchmarkImportBombs/three_at_once_(a-1,_b)-2 \t  1\t  900 ns/op\t      3100 ms\t       140 peak-rss-MB',
  'page                 form     perf  a11y  best  FCP ms  LCP ms  TBT ms   CLS  below 90',
  'início               celular    97   100   100    1210    2090     150  0.000  -',
  'página pública       celular    91   100    96    1400    2600     420  0.001  render-blocking-resources',
  'página pública       celular    93   100   100    1380    2500     390  0.001  -',
  'página pública: mediana de 2 celular    10   100   100    1380    2500     390  0.001  -',
  'início               desktop   100   100   100     300     400       0  0.000  -',
  '  ✓ 1 [bench] › sync-and-manage',
  `BENCH ${JSON.stringify({ newDeviceMs: 1900, snapshotMs: 480, ratio: 4.4, syncMs: 2900, listMs: 200 })}`,
  `BENCH ${JSON.stringify({ newDeviceMs: 1700, snapshotMs: 500, ratio: 3.4, syncMs: 3100, listMs: 300 })}`,
  `BENCH ${JSON.stringify({ newDeviceMs: 1800, snapshotMs: 520, ratio: 3.5, syncMs: 2800, listMs: 250 })}`,
  `BENCH ${JSON.stringify({ revealApartMs: 89, perPlaceMs: [89, 12] })}`,
  `BENCH ${JSON.stringify({ revealApartMs: 17, perPlaceMs: [17, 9] })}`,
].join('\n');

const row = (table, what) => table.split('\n').find((l) => l.startsWith(`| ${what} |`));

test('the table names the commit, the machine and the yardstick, and gives each budget its verdict', () => {
  const table = render(sample, { load: [9.5, 6, 3] });
  assert.match(table, /^Last run: commit `abc1234`, 2026-11-26 17:40 UTC, 2 cores, load average 3\.0 2\.0 1\.0 at the start and 9\.5 6\.0 3\.0 at the end; yardstick \(objects snapshot, download and parse\): 500 ms\./);
  const at = (what) => row(table, BUDGETS.find((b) => b.what.startsWith(what)).what);
  assert.equal(at('new device, 100,000 tickets, against'), '| new device, 100,000 tickets, against the objects snapshot (×) | 3.5 (4.4, 3.4, 3.5) | ≤ 4 | ratio | met |');
  assert.equal(at('push + new device'), '| push + new device (ms) | 2,900 (2,900, 3,100, 2,800) | < 3,000 | absolute | met |');
  assert.equal(at("server's share of a 100,000-ticket push, sqlite"), "| server's share of a 100,000-ticket push, sqlite (ms) | 1,620 | < 1,500 | absolute | missed (reported) |");
  assert.equal(at('spreadsheet bomb refused'), '| spreadsheet bomb refused by the import API, slowest (ms) | worst 3,100 (1,200, 3,100) | < 3,000 | absolute | missed (reported) |');
  assert.equal(at('spreadsheet bomb: peak'), '| spreadsheet bomb: peak RSS growth, highest (MB) | worst 140 (55.5, 140) | < 200 | absolute | met |');
  assert.equal(at('Lighthouse performance, início, phone'), '| Lighthouse performance, início, phone | 97 | ≥ 95 | score | met |');
  assert.equal(at('Lighthouse performance, página pública, phone'), '| Lighthouse performance, página pública, phone | 92 (91, 93) | ≥ 95 | score | **under** |');
  assert.equal(at('Lighthouse best practices'), '| Lighthouse best practices, every page and form, lowest | worst 96 (100, 96, 100, 100) | ≥ 95 | score | met |');
  assert.equal(at('offline draw'), '| offline draw of 100 among 100,000 (ms) | — | < 100 | absolute | no figure |');
  assert.equal(at("the organiser's and the viewers' reveal"), "| the organiser's and the viewers' reveal of a place, apart (ms) | 53 (89, 17) | < 150 | absolute | met |");
  assert.equal(table.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| budget')).length, BUDGETS.length);
});

test('a broken ratio reads as broken', () => {
  const table = render(sample.replace('"ratio":3.5', '"ratio":4.5'));
  assert.match(row(table, BUDGETS[0].what), /\| 4\.4 \(4\.4, 3\.4, 4\.5\) \| ≤ 4 \| ratio \| \*\*broken\*\* \|$/);
});

test('only the text between the markers is replaced; a page without them is an error', () => {
  const before = `# Title\n\n${START}\nold table\n${END}\n\n## Next\n`;
  assert.equal(replaceTable(before, 'new table'), `# Title\n\n${START}\nnew table\n${END}\n\n## Next\n`);
  assert.throws(() => replaceTable('# Title\n', 'new table'), /markers/);
});

test('every Chromium bench prints a figure some budget reads', () => {
  const dir = join(root, 'e2e/bench');
  const unbudgeted = readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => !BUDGETS.some((b) => b.bench !== 'go' && readFileSync(join(dir, f), 'utf8').includes(b.bench)));
  assert.deepEqual(unbudgeted, []);
});

// A row typed into the block by hand (a figure from another run, a note) would read as the last
// run's: every row must be one reference.mjs writes, a budget of budgets.mjs in its order, and a
// budget added to budgets.mjs needs its row.
test('the block of docs/benchmarks.md holds a row for every budget, each as the generator writes it', () => {
  const block = page.slice(page.indexOf(START) + START.length, page.indexOf(END)).trim().split('\n');
  assert.match(block[0], /^Last run: (commit `[0-9a-f]{7,}`|no stamp line).*; yardstick \(objects snapshot, download and parse\): (—|[\d,.]+ ms)\.$/);
  const rows = block.filter((l) => l.startsWith('| ') && !l.startsWith('| budget |'));
  const n = '-?[\\d,]+(?:\\.\\d)?';
  const figure = new RegExp(`^(—|(worst )?${n}( \\(${n}(, ${n})*\\))?)$`);
  const verdicts = ['met', '**broken**', '**under**', 'missed (reported)', 'no figure'];
  const missing = BUDGETS.filter((b) => !rows.some((l) => l.startsWith(`| ${b.what} |`))).map((b) => b.what);
  assert.deepEqual(missing, [], 'run make bench (or reference.mjs update on its log) to write their rows');
  rows.forEach((line, i) => {
    const b = BUDGETS[i];
    const [what, fig, lim, k, verdict] = line.slice(2, -2).split(' | ');
    assert.equal(what, b.what, 'the rows in the order of budgets.mjs, one each');
    assert.match(fig, figure, `${b.what}: a figure reference.mjs would not write`);
    assert.deepEqual([lim, k], [limit(b), kind(b)], b.what);
    assert.ok(verdicts.includes(verdict) && (fig === '—') === (verdict === 'no figure'), `${b.what}: ${verdict}`);
  });
});

test("every bench is in docs/bench/README.md's list of what each bench measures", () => {
  const goFiles = (dir) =>
    readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('_test.go'))
      .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'));
  const goBenches = ['server', 'sync'].flatMap(goFiles).flatMap((src) => [...src.matchAll(/^func (Benchmark\w+)\(/gm)].map((m) => m[1]));
  const tsBenches = ['pwa/src', 'e2e/bench'].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true }).filter((f) => f.endsWith('.bench.ts')).map((f) => f.split('/').pop()),
  );
  assert.ok(goBenches.length > 10 && tsBenches.length > 5);
  assert.deepEqual([...goBenches, ...tsBenches].filter((name) => !measures.includes(`\`${name}\``)), []);
});
