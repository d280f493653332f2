// The budget check of `make bench` (budgets.mjs): a broken ratio fails, a slow absolute figure is
// only reported, and a ratio budget whose bench printed nothing fails. Run by `make test`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { benchLines, check } from './budgets.mjs';

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
