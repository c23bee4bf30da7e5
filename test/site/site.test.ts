// The site build, the reports it reads and report:diff, on reports made up from the real features: every rule
// of spec/ gets its anchor and its scenarios, failures show their step, error, request and response, and three
// implementations stay under 2 MB gzipped.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Computed specifiers: the scripts are plain JavaScript, outside what tsc checks.
const load = (path: string) => import(new URL(`../../scripts/${path}`, import.meta.url).href);
const { parseFeature } = await load('site/gherkin.mjs');
const { parseReport, combine, scenarioKeys } = await load('site/reports.mjs');
const { buildSite } = await load('site/build.mjs');
const { diffReports } = await load('report-diff.mjs');
const { markdownRenderer } = await load('site/spec.mjs');
const { highlightJs, inlineCode, statusMark } = await load('site/html.mjs');
const { statusText, withStatus, readStatus, STATUS_FILE } = await load('site/status-file.mjs');

const scratch = mkdtempSync(join(tmpdir(), 'kit-site-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

interface Line {
  type: string;
  [key: string]: unknown;
}

/** One result line per scenario (an outline: per example row) of the real features; `fail` picks failures. */
function fakeReport(name: string, fail: (rule: string, index: number) => boolean): string {
  const lines: Line[] = [
    { type: 'run', implementation: name, module: `${name}/index.js`, date: '2026-01-01T00:00:00Z' },
  ];
  let index = 0;
  // The feature files the site reads: the product's suite, and test/harness/'s (the runner's own rules).
  const files = ['features', 'test/harness'].flatMap((top) =>
    readdirSync(join(root, top), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.feature'))
      .sort()
      .map((file) => `${top}/${file.replaceAll('\\', '/')}`),
  );
  for (const uri of files) {
    const feature = parseFeature(readFileSync(join(root, uri), 'utf8'), uri);
    for (const scenario of feature.scenarios) {
      const rows = scenario.examples.flatMap((ex: { rows: { line: number }[] }) =>
        ex.rows.map((row) => row.line),
      );
      for (const line of rows.length ? rows : [scenario.line]) {
        const failed = scenario.rule && fail(scenario.rule, index++);
        lines.push({
          type: 'scenario',
          rule: scenario.rule,
          name: scenario.name,
          status: failed ? 'failed' : 'passed',
          duration: 12,
          location: `${uri}:${line}`,
          tags: scenario.tags,
          ...(failed
            ? {
                step: 'Then the status is 200',
                error: 'AssertionError [ERR_ASSERTION]: status 500, body: oops\n\n500 !== 200\n'.repeat(3),
                request: {
                  method: 'POST',
                  path: '/x',
                  headers: { 'content-type': 'application/json' },
                  body: '{"a":1}',
                },
                response: { status: 500, headers: { 'content-type': 'text/plain' }, body: 'oops'.repeat(50) },
              }
            : {}),
        });
      }
    }
  }
  totals(lines);
  return `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
}

function totals(lines: Line[]) {
  const counts: Record<string, number> = { passed: 0, failed: 0, skipped: 0 };
  for (const line of lines) if (line.type === 'scenario') counts[line.status as string]++;
  lines[0].totals = counts;
}

const reports = join(scratch, 'reports');
mkdirSync(reports);
writeFileSync(
  join(reports, 'kitjs.ndjson'),
  fakeReport('kitjs', () => false),
);
writeFileSync(
  join(reports, 'other.ndjson'),
  fakeReport('other', (rule) => rule.startsWith('RES-')),
);
writeFileSync(
  join(reports, 'third.ndjson'),
  fakeReport('third', (_, i) => i % 7 === 0),
);
const out = join(scratch, 'site');
const { model, written } = buildSite(root, out, reports, null);
const specIds = readdirSync(join(root, 'spec'))
  .filter((name) => name.endsWith('.md'))
  .flatMap((name) => [
    ...readFileSync(join(root, 'spec', name), 'utf8').matchAll(/^### ([A-Z][A-Z0-9]*-\d{3}) /gm),
  ])
  .map((match) => match[1]);

test('every rule of spec/ has its anchor on its area page, with its scenarios', () => {
  assert.ok(specIds.length > 100);
  for (const id of specIds) {
    const rule = model.rules.get(id);
    assert.ok(rule, id);
    const page = readFileSync(join(out, rule.area.page), 'utf8');
    assert.ok(page.includes(`<section class="rule" id="${id}">`), `${id} has no anchor in ${rule.area.page}`);
    assert.ok(rule.scenarios.length > 0, `${id} has no scenario`);
    assert.ok(page.includes(`id="${id}-s1"`), `${id}'s first scenario is not on the page`);
  }
});

test('a failure shows its step, error, request and response; code shows as code', () => {
  const page = readFileSync(join(out, 'response.html'), 'utf8');
  assert.match(page, /<details class="failure">/);
  assert.match(page, /Then the status is 200/);
  assert.match(page, /POST \/x\ncontent-type: application\/json\n\n\{&quot;a&quot;:1\}/);
  assert.match(page, /<pre class="doc code"><code class="language-js">/);
});

test('badges, results.json and the matrix data cover every implementation', () => {
  const badge = JSON.parse(readFileSync(join(out, 'badges', 'other.json'), 'utf8'));
  assert.equal(badge.schemaVersion, 1);
  const resCount = specIds.filter((id) => id.startsWith('RES-')).length;
  assert.equal(badge.message, `${specIds.length - resCount}/${specIds.length} rules`);
  const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
  assert.deepEqual(
    results.implementations.map((impl: { name: string }) => impl.name),
    ['kitjs', 'other', 'third'],
  );
  assert.equal(results.rules['RES-001'].status.other, 'failed');
  assert.equal(results.rules['RES-001'].status.kitjs, 'passed');
  const matrix = readFileSync(join(out, 'matrix.html'), 'utf8');
  const data = JSON.parse(
    /<script type="application\/json" id="matrix-data">(.*?)<\/script>/s.exec(matrix)?.[1] ?? '',
  );
  assert.equal(data.rules.length, specIds.length);
});

test('the whole site for three implementations is under 2 MB gzipped', () => {
  let gzipped = 0;
  for (const file of written) gzipped += gzipSync(readFileSync(join(out, file))).length;
  const raw = written.reduce((sum: number, file: string) => sum + statSync(join(out, file)).size, 0);
  assert.ok(gzipped < 2 * 1024 * 1024, `${gzipped} bytes gzipped (${raw} raw)`);
});

test('a report reads its run and scenarios, skipping a stray line', () => {
  const text = `a log line\n${readFileSync(join(reports, 'other.ndjson'), 'utf8')}`;
  const report = parseReport(text);
  assert.equal(report.run.implementation, 'other');
  assert.ok(report.scenarios.length > 500);
  assert.throws(() => parseReport('{"type":"scenario"}\n'), /no run line/);
  assert.equal(combine(['passed', 'skipped']), 'partial');
  assert.equal(combine(['passed', 'failed']), 'failed');
  assert.equal(combine(['skipped']), 'skipped');
  assert.equal(combine([]), 'missing');
  assert.deepEqual(
    scenarioKeys([
      { rule: 'A-001', name: 'x', location: 'f:1' },
      { rule: 'A-001', name: 'x', location: 'f:2' },
    ]),
    ['A-001 x', 'A-001 x #2'],
  );
});

test('report:diff names the regressions and exits 1; a report against itself exits 0', () => {
  const a = parseReport(readFileSync(join(reports, 'kitjs.ndjson'), 'utf8'));
  const b = parseReport(readFileSync(join(reports, 'other.ndjson'), 'utf8'));
  const diff = diffReports(a, b);
  assert.ok(diff.regressed.rules.length > 5);
  assert.ok(diff.regressed.rules.every((rule: { id: string }) => rule.id.startsWith('RES-')));
  assert.deepEqual(diffReports(b, a).regressed.scenarios, []);
  assert.equal(diffReports(b, a).fixed.rules.length, diff.regressed.rules.length);

  const script = fileURLToPath(new URL('../../scripts/report-diff.mjs', import.meta.url));
  const run = (x: string, y: string) =>
    spawnSync(process.execPath, [script, join(reports, x), join(reports, y)], { encoding: 'utf8' });
  const regressed = run('kitjs.ndjson', 'other.ndjson');
  assert.equal(regressed.status, 1);
  assert.match(regressed.stdout, /RES-001 \(rule passed -> failed\)/);
  assert.equal(run('kitjs.ndjson', 'kitjs.ndjson').status, 0);
  assert.equal(run('other.ndjson', 'kitjs.ndjson').status, 0);
});

test('Markdown: rule IDs and spec files become links, raw HTML stays text', () => {
  const render = markdownRenderer((id: string) => (id === 'AREA-001' ? 'area.html#AREA-001' : undefined));
  const html = render(
    'See AREA-001, not AREA-999 or `AREA-001`; [the other file](other.md#x). <script>x</script>',
  );
  assert.match(html, /<a class="rule-ref" href="area.html#AREA-001">AREA-001<\/a>/);
  assert.match(html, /not AREA-999/);
  assert.match(html, /<code>AREA-001<\/code>/);
  assert.match(html, /href="other.html#x"/);
  assert.doesNotMatch(html, /<script>/);
  assert.equal(
    highlightJs("if (a < 'b') // c"),
    '<span class="k">if</span> (a &lt; <span class="s">\'b\'</span>) <span class="c">// c</span>',
  );
});

test('titles show code spans as <code>, escaped; marks name their implementation', () => {
  assert.equal(
    inlineCode('`res.send(<b>)` & `x` then a lone ` tick'),
    '<code>res.send(&lt;b&gt;)</code> &amp; <code>x</code> then a lone ` tick',
  );
  const mark = statusMark('other <impl>', 'passed', true);
  assert.match(mark, /aria-label="other &lt;impl&gt;: passed"/);
  assert.match(mark, /title="other &lt;impl&gt;: passed"/);
  assert.match(mark, /<span class="impl">other &lt;impl&gt;<\/span> ✓/);
  // A rule whose title has a code span shows it as code on its page, and no backtick is left in the heading.
  const rule = [...model.rules.values()].find((r: { title: string }) => r.title.includes('`'));
  assert.ok(rule, 'some rule title has a code span');
  const page = readFileSync(join(out, rule.area.page), 'utf8');
  const heading = new RegExp(`<h3><a class="anchor" href="#${rule.id}">${rule.id}</a> (.*)</h3>`).exec(
    page,
  )?.[1];
  assert.ok(heading?.includes('<code>'), heading);
  assert.ok(!heading?.includes('`'), heading);
  // Every scenario mark names its implementation in its text.
  for (const marks of page.matchAll(/<span class="marks">(.*?)<\/span><\/h4>/g)) {
    for (const name of ['kitjs', 'other', 'third'])
      assert.ok(marks[1]!.includes(`>${name}</span>`), marks[1]);
  }
});

/** A report's lines as the runner writes them, for the status file's tests. */
const scenarioLine = (name: string, line: number, status: string, extra: object = {}) => ({
  type: 'scenario',
  rule: 'DOCS-001',
  name,
  status,
  location: `features/docs/serving.feature:${line}`,
  duration: line * 7,
  tags: ['@docs'],
  ...extra,
});

test('the committed status is compact and the same for the same statuses, whatever the order or timing', () => {
  const run = {
    type: 'run',
    implementation: 'kitjs',
    module: 'src/index.ts',
    date: '2026-01-01',
    paths: null,
  };
  const lines = [
    scenarioLine('b', 30, 'skipped', { reason: 'no Chromium\nmore' }),
    scenarioLine('a', 9, 'passed'),
    scenarioLine('c', 100, 'failed', { reason: 'AssertionError', error: 'long', step: 'Then x' }),
  ];
  const text = statusText(run, lines);
  const again = statusText(
    { ...run, date: '2027-05-05' },
    [...lines].reverse().map((l) => ({ ...l, duration: 1 })),
  );
  assert.equal(again, text);
  const parsed = text
    .trim()
    .split('\n')
    .map((l: string) => JSON.parse(l));
  assert.deepEqual(parsed[0], {
    type: 'run',
    implementation: 'kitjs',
    module: 'src/index.ts',
    profile: null,
    date: null,
    paths: null,
    totals: { passed: 1, failed: 1, skipped: 1 },
    status: STATUS_FILE,
  });
  assert.deepEqual(
    parsed.slice(1).map((l: { location: string }) => l.location.split(':')[1]),
    ['9', '30', '100'],
  );
  assert.deepEqual(parsed[2], {
    type: 'scenario',
    rule: 'DOCS-001',
    name: 'b',
    status: 'skipped',
    location: 'features/docs/serving.feature:30',
    reason: 'no Chromium',
  });
  assert.ok(!text.includes('duration') && !text.includes('"error"') && !text.includes('"tags"'));
});

test("the committed status stands in for kitjs's report, and fills in what a partial run left out", () => {
  const dir = mkdtempSync(join(scratch, 'status-'));
  const file = join(dir, 'kitjs.ndjson');
  const run = { type: 'run', implementation: 'kitjs', module: 'src/index.ts' };
  writeFileSync(file, statusText(run, [scenarioLine('a', 9, 'passed'), scenarioLine('b', 30, 'passed')]));
  const status = readStatus(file);
  const other = { name: 'other', run: { implementation: 'other' }, scenarios: [], file: 'other.ndjson' };
  // No report of kitjs: the status is its column, first.
  assert.deepEqual(
    withStatus([other], status).map((r: { name: string }) => r.name),
    ['kitjs', 'other'],
  );
  // A partial run: its results win for what it ran (by location, else by rule and name); the status gives the rest.
  const partial = {
    name: 'kitjs',
    file: 'kitjs.ndjson',
    run: { implementation: 'kitjs', paths: ['features/docs'] },
    scenarios: [{ ...scenarioLine('b', 31, 'failed') }],
  };
  const [merged] = withStatus([partial, other], status);
  assert.deepEqual(
    merged.scenarios.map((s: { name: string; status: string }) => `${s.name} ${s.status}`),
    ['b failed', 'a passed'],
  );
  assert.deepEqual(merged.run.totals, { passed: 1, failed: 1, skipped: 0 });
  assert.equal(merged.run.status, STATUS_FILE);
  // A whole run is shown as it is.
  const whole = { ...partial, run: { implementation: 'kitjs', paths: null } };
  assert.equal(withStatus([whole], status)[0], whole);
  assert.equal(withStatus([whole], undefined)[0], whole);
});

test('a fresh clone (no reports/) gets a filled kitjs column from the committed status', () => {
  const empty = mkdtempSync(join(scratch, 'no-reports-'));
  const fresh = join(scratch, 'fresh-site');
  const { model: freshModel } = buildSite(root, fresh, join(empty, 'reports'));
  assert.deepEqual(
    freshModel.impls.map((impl: { name: string }) => impl.name),
    ['kitjs'],
  );
  const [kitjs] = freshModel.impls;
  assert.equal(kitjs.file, STATUS_FILE);
  assert.ok(
    kitjs.rules.passed > freshModel.rules.size / 2,
    `only ${kitjs.rules.passed}/${freshModel.rules.size} rules passed in ${STATUS_FILE}`,
  );
  const index = readFileSync(join(fresh, 'index.html'), 'utf8');
  assert.match(index, new RegExp(`from the committed <code>${STATUS_FILE}</code>`));
});
