// The budget check of `make bench` (budgets.mjs): a broken ratio fails, a slow absolute figure is
// only reported, and a ratio budget whose bench printed nothing fails. Run by `make test`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { benchLines, check, verdicts } from './budgets.mjs';

const run = (ratio, newDeviceMs) =>
  `  ✓ 1 [bench] › sync-and-manage\nBENCH ${JSON.stringify({ newDeviceMs, snapshotMs: 500, ratio, syncMs: 2900, listMs: 200, searchAfterDebounceMs: 20, removeMs: 50 })}\n`;

test('reads every BENCH line of the output', () => {
  assert.deepEqual(benchLines(`noise\n${run(3.2, 1600)}BENCH {"offlineDrawMs":70}\n`).map((l) => l.newDeviceMs ?? l.offlineDrawMs), [1600, 70]);
});

test('a ratio over its budget fails; absolute figures over theirs are only reported', () => {
  const met = check(benchLines(run(3.2, 5000)));
  assert.equal(met.find((r) => r.metric === 'newDeviceMs').met, false);
  assert.deepEqual(met.filter((r) => r.fails), []);
  const broken = check(benchLines(run(4.4, 1600)));
  assert.deepEqual(broken.filter((r) => r.fails).map((r) => [r.metric, r.figure]), [['ratio', 4.4]]);
});

test('several runs: the median counts', () => {
  const r = check(benchLines(run(4.5, 1) + run(3.1, 1) + run(3.9, 1))).find((x) => x.metric === 'ratio');
  assert.deepEqual([r.figure, r.fails], [3.9, false]);
});

test('a ratio budget without a figure fails', () => {
  assert.deepEqual(check(benchLines('BENCH {"offlineDrawMs":70}\n')).filter((r) => r.fails).map((r) => r.metric), ['ratio']);
});

test('the ticket-sale export has its own budget, reported and never a failure', () => {
  const line = 'BENCH {"file":"vendas.csv","toSavedMs":4947,"longestTaskMs":0,"syncMs":6603}\n';
  const r = check(benchLines(line)).find((x) => x.match?.file === 'vendas.csv');
  assert.deepEqual([r.figure, r.max, r.met, r.fails], [4947, 3000, false, false]);
});

// Lighthouse's run lines (e2e/lighthouse/run.mjs): page, form, performance, accessibility, best practices.
const lighthouse = (phone) =>
  ['início', 'página pública', 'Meus Sorteios']
    .flatMap((page, i) => [`${page.padEnd(20)} celular   ${phone[i]}   100   100    1210    2090     150  0.000  -`, `${page.padEnd(20)} desktop   100   100   100     300     400       0  0.000  -`])
    .join('\n') + '\n';
const others = 'BENCH {"offlineDrawMs":70}\n';

test('the last lines say which of the two failed: a broken ratio, Lighthouse, both or neither', () => {
  const say = (log) => verdicts(check(benchLines(log)));
  assert.deepEqual(say(run(3.2, 1600) + lighthouse([97, 96, 95]) + others), { failed: false, lines: ['every ratio budget met', 'every Lighthouse score met'] });
  assert.deepEqual(say(run(4.4, 1600) + lighthouse([97, 96, 95])), {
    failed: true,
    lines: ['BROKEN ratio: new device, 100,000 tickets, against the objects snapshot (×) 4.4 (≤ 4)', 'every Lighthouse score met'],
  });
  assert.deepEqual(say(run(3.2, 1600) + lighthouse([78, 96, 61])), {
    failed: true,
    lines: ['every ratio budget met', 'Lighthouse below its scores: performance, início, phone 78 (≥ 95); performance, Meus Sorteios, phone 61 (≥ 95)'],
  });
  assert.deepEqual(say(lighthouse([97, 96, 95])).lines, ['BROKEN ratio: new device, 100,000 tickets, against the objects snapshot (×) no figure (≤ 4)', 'every Lighthouse score met']);
  assert.match(say(run(3.2, 1600)).lines[1], /^Lighthouse below its scores: performance, início, phone no figure \(≥ 95\);/);
});

test('budgets.mjs ends with those lines and exits 1 on either', () => {
  const script = fileURLToPath(new URL('./budgets.mjs', import.meta.url));
  const out = spawnSync(process.execPath, [script], { input: run(4.4, 1600) + lighthouse([78, 96, 95]), encoding: 'utf8' });
  assert.equal(out.status, 1);
  assert.deepEqual(out.stdout.trimEnd().split('\n').slice(-2), [
    'BROKEN ratio: new device, 100,000 tickets, against the objects snapshot (×) 4.4 (≤ 4)',
    'Lighthouse below its scores: performance, início, phone 78 (≥ 95)',
  ]);
  const met = spawnSync(process.execPath, [script], { input: run(3.2, 1600) + lighthouse([97, 96, 95]), encoding: 'utf8' });
  assert.equal(met.status, 0);
});
