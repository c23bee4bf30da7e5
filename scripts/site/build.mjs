// `npm run site`: builds site/ from spec/, features/ and every reports/*.ndjson: static pages that open from the
// file system (index, one page per spec area with an anchor per rule, the matrix, one page per implementation),
// a shields.io badge per implementation (badges/<name>.json) and results.json with every status. kitjs's column
// comes from reports/kitjs.ndjson, else (or, for a partial run, for what it did not run) from the committed
// spec/status/kitjs.ndjson, so a fresh clone's site is filled in (status-file.mjs).
//   node scripts/site/build.mjs [--out site] [--reports reports] [--status spec/status/kitjs.ndjson]
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countsText, failuresOf, inlineCode, layout, ruleHtml, STATUS_MARK, statusMark } from './html.mjs';
import { buildModel } from './model.mjs';
import { escapeHtml as esc, markdownRenderer } from './spec.mjs';
import { statusPath } from './status-file.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const RESERVED = new Set(['index.html', 'matrix.html', 'waivers.html']);
const implPage = (name) => `impl-${name.replace(/[^\w.-]+/g, '-')}.html`;
const badgeFile = (name) => `badges/${name.replace(/[^\w.-]+/g, '-')}.json`;

/** The shields.io endpoint badge of one implementation: rules passing out of all rules. */
export function badge(impl, total) {
  const passed = impl.rules.passed;
  const share = total ? passed / total : 0;
  const color =
    impl.rules.failed === 0 && passed === total
      ? 'brightgreen'
      : share >= 0.9
        ? 'green'
        : share >= 0.75
          ? 'yellow'
          : share >= 0.5
            ? 'orange'
            : 'red';
  return { schemaVersion: 1, label: `kitjs spec · ${impl.name}`, message: `${passed}/${total} rules`, color };
}

/** The matrix's data, compact: one status letter per implementation per rule. */
function matrixData(model) {
  const letter = { passed: 'p', failed: 'f', skipped: 's', partial: 'x', missing: '-' };
  const tags = [...new Set([...model.rules.values()].flatMap((rule) => [...rule.tags]))].sort();
  return {
    impls: model.impls.map((impl) => impl.name),
    implPages: model.impls.map((impl) => implPage(impl.name)),
    areas: model.areas.map((area) => ({ title: area.title, page: area.page })),
    tags,
    rules: model.areas.flatMap((area, areaIndex) =>
      area.rules.map((rule) => [
        rule.id,
        rule.title,
        areaIndex,
        [...rule.tags].map((tag) => tags.indexOf(tag)),
        model.impls.map((impl) => letter[rule.status[impl.name]]).join(''),
        rule.scenarios.length,
      ]),
    ),
  };
}

/** When and how a column's results were made: the run's date, a partial run's paths, the committed status. */
function runText(run) {
  const parts = [];
  if (run.date) parts.push(esc(run.date));
  if (run.paths) parts.push(`partial run: ${esc(run.paths.join(', '))}`);
  if (run.status)
    parts.push(
      `${run.paths ? 'the rest ' : ''}from the committed <code>${esc(run.status)}</code> (the last whole <code>npm run features</code>)`,
    );
  return parts.join('<br>');
}

function indexPage(model, markdown) {
  const total = model.rules.size;
  const impls = model.impls.length
    ? `<table class="impls"><thead><tr><th>Implementation</th><th>Rules</th><th>Scenarios</th><th>Run</th><th>Badge</th></tr></thead><tbody>${model.impls
        .map(
          (impl) =>
            `<tr><td><a href="${implPage(impl.name)}">${esc(impl.name)}</a><br><code>${esc(impl.run.module ?? '')}</code></td><td>${impl.rules.passed}/${total} passed<br><small>${esc(countsText(impl.rules))}</small></td><td><small>${esc(countsText(impl.scenarios))}</small></td><td><small>${runText(impl.run)}</small></td><td><a href="${badgeFile(impl.name)}"><code>${badgeFile(impl.name)}</code></a></td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p>No reports yet: run <code>npm run features</code>, then <code>npm run site</code>.</p>';
  const areas = `<table class="areas"><thead><tr><th>Area</th><th>Rules</th>${model.impls.map((impl) => `<th>${esc(impl.name)}</th>`).join('')}</tr></thead><tbody>${model.areas
    .map((area) => {
      const cells = model.impls.map((impl) => {
        const passed = area.rules.filter((rule) => rule.status[impl.name] === 'passed').length;
        const failed = area.rules.filter((rule) => rule.status[impl.name] === 'failed').length;
        return `<td>${passed}/${area.rules.length}${failed ? ` <span class="st st-failed">${failed} ${STATUS_MARK.failed}</span>` : ''}</td>`;
      });
      return `<tr><td><a href="${area.page}">${inlineCode(area.title)}</a></td><td>${area.rules.length}</td>${cells.join('')}</tr>`;
    })
    .join('')}</tbody></table>`;
  const body = `<h1>The kitjs specification</h1>
<p>${total} rules in ${model.areas.length} areas, each with its scenarios and its status in ${model.impls.length} implementation${model.impls.length === 1 ? '' : 's'}. <a href="matrix.html">The matrix</a> shows every rule against every implementation; <a href="results.json">results.json</a> holds every status.</p>
<h2>Implementations</h2>${impls}
<h2>Areas</h2>${areas}
<h2>About the specification</h2><div class="prose">${markdown(model.spec.readme.replace(/^# .*\n/, ''))}</div>
<p><a href="waivers.html">Rules no code names, and why</a></p>`;
  return layout('Areas', body);
}

function areaPage(area, model, markdown) {
  const parts = area.chunks.map((chunk) => {
    if (chunk.kind === 'rule') return ruleHtml(model.rules.get(chunk.id), model.impls, markdown);
    if (chunk.kind === 'section') {
      const level = Math.max(2, chunk.level);
      return `<h${level}>${markdown(chunk.title).replace(/^<p>|<\/p>\n?$/g, '')}</h${level}><div class="prose">${markdown(chunk.body)}</div>`;
    }
    return `<div class="prose intro">${markdown(chunk.body)}</div>`;
  });
  const toc = `<nav class="toc">${area.rules.map((rule) => `<a href="#${rule.id}">${rule.id}</a>${model.impls.map((impl) => statusMark(impl.name, rule.status[impl.name])).join('')}`).join(' ')}</nav>`;
  const title = markdown(area.title).replace(/^<p>|<\/p>\n?$/g, '');
  return layout(
    area.title.replace(/`/g, ''),
    `<h1>${title}</h1><p class="loc">spec/${esc(area.file)}</p>${toc}${parts.join('\n')}`,
  );
}

function implPageHtml(impl, model) {
  const failed = [];
  const skipped = new Map();
  for (const rule of model.rules.values()) {
    for (const scenario of rule.scenarios) {
      for (const result of scenario.results[impl.name] ?? []) {
        if (failuresOf([result]).length) failed.push({ rule, scenario, result });
        else if (result.status === 'skipped') {
          const reason = result.reason ?? 'skipped';
          skipped.set(reason, [...(skipped.get(reason) ?? []), { rule, result }]);
        }
      }
    }
  }
  const failures = failed.length
    ? `<ul class="failures">${failed
        .map(
          ({ rule, result }) =>
            `<li>${statusMark(impl.name, result.status)} <a href="${rule.area.page}#${rule.id}">${rule.id}</a> ${inlineCode(result.name)} <span class="loc">${esc(result.location)}</span>${result.step ? `<br>at <code>${esc(result.step)}</code>` : ''}${result.error ? `<br><small>${esc(result.error.split('\n')[0])}</small>` : ''}</li>`,
        )
        .join('')}</ul>`
    : '<p>None.</p>';
  const skips = skipped.size
    ? `<ul>${[...skipped]
        .map(
          ([reason, list]) =>
            `<li>${esc(reason)}: ${list.map(({ rule }) => `<a href="${rule.area.page}#${rule.id}">${rule.id}</a>`).join(' ')}</li>`,
        )
        .join('')}</ul>`
    : '<p>None.</p>';
  const unmatched = model.unmatched[impl.name] ?? [];
  const body = `<h1>${esc(impl.name)}</h1>
<p><code>${esc(impl.run.module ?? '')}</code>${impl.run.profile ? ` · profile <code>${esc(impl.run.profile)}</code>` : ''} · ${runText(impl.run)}</p>
<p>Rules: ${esc(countsText(impl.rules))}. Scenarios: ${esc(countsText(impl.scenarios))}.</p>
<p>Badge: <a href="${badgeFile(impl.name)}"><code>${badgeFile(impl.name)}</code></a> (a shields.io endpoint)</p>
<h2>Failures (${failed.length})</h2>${failures}
<h2>Skips</h2>${skips}
${unmatched.length ? `<h2>Results no current scenario has (${unmatched.length})</h2><p>The report is older than the features.</p><ul>${unmatched.map((r) => `<li>${esc(r.rule ?? '')} ${esc(r.name)} <span class="loc">${esc(r.location)}</span></li>`).join('')}</ul>` : ''}`;
  return layout(impl.name, body);
}

function matrixPage(model) {
  const data = JSON.stringify(matrixData(model)).replace(/</g, '\\u003c');
  const body = `<h1>Rules × implementations</h1>
<form id="filters" class="filters" onsubmit="return false">
<label>Status <select name="status"><option value="">any</option><option value="passed">passed</option><option value="failed">failed</option><option value="skipped">skipped</option><option value="partial">partly skipped</option><option value="missing">not run</option><option value="notpassed">not passed</option></select></label>
<label>in <select name="impl"><option value="">any implementation</option></select></label>
<label>Area or ID <input name="q" placeholder="ROUTE, ROUTE-01, routing" size="16"></label>
<label>Tag <select name="tag"><option value="">any</option></select></label>
<label><input type="checkbox" name="disagree" value="1"> implementations disagree</label>
</form>
<p id="summary" class="summary"></p>
<table id="matrix" class="matrix"><thead></thead><tbody></tbody></table>
<script type="application/json" id="matrix-data">${data}</script>`;
  return layout('Matrix', body, { scripts: ['matrix.js'] });
}

/** results.json: every rule and scenario with its status in each implementation. */
function results(model) {
  return {
    // The name last: a report's run line has a `name` of its own (null when the run was not named).
    implementations: model.impls.map((impl) => ({ ...impl.run, name: impl.name, rules: impl.rules })),
    rules: Object.fromEntries(
      [...model.rules.values()].map((rule) => [
        rule.id,
        {
          title: rule.title,
          area: rule.area.file,
          status: rule.status,
          scenarios: rule.scenarios.map((scenario) => ({
            name: scenario.name,
            location: `${scenario.uri}:${scenario.line}`,
            status: scenario.status,
          })),
        },
      ]),
    ),
  };
}

/** Builds the site into `out`; returns the model and the files written (relative to `out`). */
export function buildSite(root, out, reportsDir = join(root, 'reports'), statusFile = statusPath(root)) {
  const model = buildModel(root, reportsDir, statusFile);
  const ruleHref = (id) => (model.rules.has(id) ? `${model.rules.get(id).area.page}#${id}` : undefined);
  const markdown = markdownRenderer(ruleHref);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'badges'), { recursive: true });
  const written = [];
  const write = (file, text) => {
    writeFileSync(join(out, file), text);
    written.push(file);
  };
  write('index.html', indexPage(model, markdown));
  write('matrix.html', matrixPage(model));
  write('waivers.html', layout('Waivers', `<div class="prose">${markdown(model.spec.waivers)}</div>`));
  for (const area of model.areas) {
    if (RESERVED.has(area.page))
      throw new Error(`spec/${area.file}: its page ${area.page} is taken by the site`);
    write(area.page, areaPage(area, model, markdown));
  }
  for (const impl of model.impls) {
    write(implPage(impl.name), implPageHtml(impl, model));
    write(badgeFile(impl.name), `${JSON.stringify(badge(impl, model.rules.size))}\n`);
  }
  write('results.json', `${JSON.stringify(results(model))}\n`);
  for (const asset of ['style.css', 'matrix.js']) {
    copyFileSync(join(here, 'assets', asset), join(out, asset));
    written.push(asset);
  }
  return { model, written };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(here, '..', '..');
  const option = (name, fallback) => {
    const index = process.argv.indexOf(name);
    return index > 0 && process.argv[index + 1] ? resolve(process.argv[index + 1]) : fallback;
  };
  const out = option('--out', join(root, 'site'));
  const reportsDir = option('--reports', join(root, 'reports'));
  const statusFile = option('--status', statusPath(root));
  const started = Date.now();
  const { model, written } = buildSite(root, out, reportsDir, statusFile);
  const impls = model.impls.map(
    (impl) =>
      `${impl.name} (${impl.rules.passed}/${model.rules.size} rules passed${impl.run.status ? `; ${impl.run.paths ? 'what the partial run left out ' : ''}from ${impl.run.status}` : ''})`,
  );
  console.log(
    `site: ${written.length} files in ${relative(process.cwd(), out) || out}/ from ${model.rules.size} rules and ${model.impls.length} report(s)${impls.length ? `: ${impls.join(', ')}` : ''} in ${Date.now() - started} ms`,
  );
  console.log(`site: open ${join(out, 'index.html')}`);
}
