// The site's pages as HTML strings: a layout, Gherkin scenarios with their code highlighted, rule sections,
// failures (step, error, request, response) and status marks.
import { escapeHtml as esc } from './spec.mjs';

export const STATUS_MARK = { passed: '✓', failed: '✗', skipped: '–', partial: '◐', missing: '·' };
const STATUS_WORD = {
  passed: 'passed',
  failed: 'failed',
  skipped: 'skipped',
  partial: 'partly skipped',
  missing: 'not run',
};

/** A page: title, navigation, body; every link is relative, so the site opens from the file system. */
export function layout(title, body, { scripts = [] } = {}) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · kitjs specification</title>
<link rel="stylesheet" href="style.css">
</head>
<body>
<header class="top"><a href="index.html"><b>kitjs</b> specification</a><nav><a href="index.html">Areas</a> <a href="matrix.html">Matrix</a></nav></header>
<main>
${body}
</main>
${scripts.map((src) => `<script src="${src}"></script>`).join('\n')}
</body>
</html>
`;
}

/**
 * One implementation's status as a small mark that names its implementation: in its title and aria-label
 * always (a screen reader says "kitjs: passed", not "check mark"), and in its text with `withName`.
 */
export function statusMark(impl, status, withName = false) {
  const label = `${esc(impl)}: ${STATUS_WORD[status]}`;
  return `<span class="st st-${status}" data-impl="${esc(impl)}" role="img" title="${label}" aria-label="${label}">${withName ? `<span class="impl">${esc(impl)}</span> ` : ''}${STATUS_MARK[status]}</span>`;
}

/**
 * A title as HTML: escaped, with each Markdown code span (`` `res.send()` ``) as a `<code>` element, as the
 * spec's prose shows it; an unpaired backtick stays a backtick.
 */
export function inlineCode(text) {
  return String(text)
    .split(/(`[^`\n]+`)/)
    .map((part, i) => (i % 2 === 1 ? `<code>${esc(part.slice(1, -1))}</code>` : esc(part)))
    .join('');
}

const KEYWORDS = new Set(
  (
    'async await break case catch class const continue debugger default delete do else export extends false ' +
    'finally for function if import in instanceof let new null of return static super switch this throw true ' +
    'try typeof undefined var void while yield'
  ).split(' '),
);
const JS_TOKEN =
  /(\/\/[^\n]*|\/\*[\s\S]*?\*\/)|('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\[\s\S]|[^`\\])*`)|(\b\d[\d_]*(?:\.\d+)?(?:e[+-]?\d+)?n?\b)|([A-Za-z_$][\w$]*)/g;

/** Escapes text for an element's content (quotes stay as they are: code is full of them). */
const escapeText = (value) =>
  String(value).replace(/[&<>]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[char]);

/** JavaScript as HTML with comments, strings, numbers and keywords in spans (c, s, n, k). */
export function highlightJs(code) {
  let out = '';
  let last = 0;
  for (const match of code.matchAll(JS_TOKEN)) {
    out += escapeText(code.slice(last, match.index));
    const [text, comment, string, number, word] = match;
    if (comment) out += `<span class="c">${escapeText(text)}</span>`;
    else if (string) out += `<span class="s">${escapeText(text)}</span>`;
    else if (number) out += `<span class="n">${escapeText(text)}</span>`;
    else if (word && KEYWORDS.has(word)) out += `<span class="k">${escapeText(text)}</span>`;
    else out += escapeText(text);
    last = match.index + text.length;
  }
  return out + escapeText(code.slice(last));
}

/** Steps whose doc string is code (scripts/docstrings/blocks.mjs lists what each runs it with). */
const CODE_STEP =
  /^(the app:|the Express app:|this holds:|the log lines hold:|a fresh Node process (runs|tries to run):|in a process where .* this code throws)/;

function docString(step) {
  const { content, mediaType } = step.docString;
  const isCode = mediaType === 'js' || CODE_STEP.test(step.text);
  if (isCode) return `<pre class="doc code"><code class="language-js">${highlightJs(content)}</code></pre>`;
  return `<pre class="doc${mediaType ? ` ${esc(mediaType)}` : ''}"><code>${escapeText(content)}</code></pre>`;
}

function table(rows, header = true) {
  if (!rows.length) return '';
  const [first, ...rest] = header ? rows : [[], ...rows];
  const head = header
    ? `<thead><tr>${first.map((cell) => `<th>${esc(cell)}</th>`).join('')}</tr></thead>`
    : '';
  return `<table class="data">${head}<tbody>${rest.map((row) => `<tr>${row.map((cell) => `<td>${esc(cell)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
}

/** Step text with its "quoted values" and <placeholders> marked. */
function stepText(text) {
  return esc(text)
    .replace(/&quot;(.*?)&quot;/g, '<q>$1</q>')
    .replace(/&lt;([\w ]+)&gt;/g, '<var>&lt;$1&gt;</var>');
}

function steps(list) {
  return `<ol class="steps">${list
    .map(
      (step) =>
        `<li><span class="kw">${esc(step.keyword)}</span> ${stepText(step.text)}${step.docString ? docString(step) : ''}${step.dataTable ? table(step.dataTable, false) : ''}</li>`,
    )
    .join('')}</ol>`;
}

function tags(list) {
  return list.length
    ? `<div class="tags">${list.map((tag) => `<span class="tag">${esc(tag)}</span>`).join(' ')}</div>`
    : '';
}

/** A failing (or excused) result: the step, the error, the last request and response. */
function failure(impl, result) {
  const parts = [];
  if (result.step) parts.push(`<p><b>Step:</b> <code>${esc(result.step)}</code></p>`);
  if (result.reason && result.status !== 'failed') parts.push(`<p><b>Reason:</b> ${esc(result.reason)}</p>`);
  if (result.error) parts.push(`<pre class="error">${esc(result.error)}</pre>`);
  if (result.request) {
    const { method, path, headers, body } = result.request;
    const head = Object.entries(headers ?? {})
      .map(([name, value]) => `\n${name}: ${value}`)
      .join('');
    parts.push(
      `<p><b>Request</b></p><pre class="http">${esc(`${method} ${path}${head}${body ? `\n\n${body}` : ''}`)}</pre>`,
    );
  }
  if (result.response) {
    const { status, headers, body } = result.response;
    const head = Object.entries(headers ?? {})
      .map(([name, value]) => `\n${name}: ${value}`)
      .join('');
    parts.push(
      `<p><b>Response</b></p><pre class="http">${esc(`${status}${head}${body ? `\n\n${body}` : ''}`)}</pre>`,
    );
  }
  const where = result.location ? ` <span class="loc">${esc(result.location)}</span>` : '';
  return `<details class="failure"><summary>${statusMark(impl, result.status, true)} ${inlineCode(result.name)}${where}</summary>${parts.join('')}</details>`;
}

/** Results worth showing in full: failures, and known failures excused as skips (they carry an error). */
export const failuresOf = (results) => results.filter((r) => r.status === 'failed' || r.error);

/** One scenario: name, location, status per implementation, tags, background and steps, examples, failures. */
export function scenarioHtml(scenario, impls, anchor) {
  // Named in their text too: a scenario's marks sit far from the rule's, and a row of bare ticks says nothing.
  const marks = impls.map((impl) => statusMark(impl.name, scenario.status[impl.name], true)).join(' ');
  const background = scenario.backgrounds
    .map(
      (bg) => `<div class="background"><span class="kw">${esc(bg.keyword)}:</span>${steps(bg.steps)}</div>`,
    )
    .join('');
  const examples = scenario.examples
    .map(
      (ex) =>
        `<div class="examples"><span class="kw">Examples:</span> ${esc(ex.name)}${tags(ex.tags)}${table([ex.header, ...ex.rows.map((row) => row.cells)])}</div>`,
    )
    .join('');
  const failures = impls
    .flatMap((impl) =>
      failuresOf(scenario.results[impl.name] ?? []).map((result) => failure(impl.name, result)),
    )
    .join('');
  return `<article class="scenario" id="${anchor}">
<h4><span class="kw">${esc(scenario.keyword)}:</span> ${inlineCode(scenario.name)} <span class="marks">${marks}</span></h4>
<div class="meta"><span class="loc">${esc(scenario.uri)}:${scenario.line}</span>${tags(scenario.tags)}</div>
${scenario.description ? `<p class="description">${esc(scenario.description)}</p>` : ''}${background}${steps(scenario.steps)}${examples}${failures}
</article>`;
}

/** A rule: heading with its anchor, status per implementation, prose, the code that names it, its scenarios. */
export function ruleHtml(rule, impls, markdown) {
  const marks = impls.map((impl) => statusMark(impl.name, rule.status[impl.name], true)).join(' ');
  const refs = rule.refs.length
    ? `<details class="refs"><summary>Named in the code at ${rule.refs.length} place${rule.refs.length === 1 ? '' : 's'}</summary><ul>${rule.refs.map((ref) => `<li><code>${esc(ref)}</code></li>`).join('')}</ul></details>`
    : '<p class="refs">Named by no code (see the waivers).</p>';
  const scenarios = rule.scenarios
    .map((scenario, i) => scenarioHtml(scenario, impls, `${rule.id}-s${i + 1}`))
    .join('\n');
  return `<section class="rule" id="${rule.id}">
<h3><a class="anchor" href="#${rule.id}">${rule.id}</a> ${inlineCode(rule.title)}</h3>
<div class="status">${marks}</div>
<div class="prose">${markdown(rule.chunk.body)}</div>
${refs}
<div class="scenarios"><p class="count">${rule.scenarios.length} scenario${rule.scenarios.length === 1 ? '' : 's'} <span class="loc">${rule.featureRules.map((r) => `${esc(r.uri)}:${r.line}`).join(', ')}</span></p>
${scenarios}
</div>
</section>`;
}

/** The counts of rule statuses as text: `12 passed, 1 failed`. */
export function countsText(counts) {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${n} ${STATUS_WORD[status]}`)
    .join(', ');
}
