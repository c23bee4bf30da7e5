// The matrix page: rules × implementations from the JSON embedded in the page, filtered by the URL's fragment
// (#status=failed&impl=kitjs&q=ROUTE&tag=@cors&disagree=1), rendered with plain DOM in one pass.
(() => {
  const data = JSON.parse(document.getElementById('matrix-data').textContent);
  const form = document.getElementById('filters');
  const table = document.getElementById('matrix');
  const summary = document.getElementById('summary');
  const statusOf = { p: 'passed', f: 'failed', s: 'skipped', x: 'partial', '-': 'missing' };
  const mark = { p: '✓', f: '✗', s: '–', x: '◐', '-': '·' };
  const keys = ['status', 'impl', 'q', 'tag', 'disagree'];
  const escapeHtml = (text) =>
    String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
  // A title's `code` spans as <code>, escaped, as scripts/site/html.mjs's inlineCode writes them.
  const inlineCode = (text) =>
    String(text)
      .split(/(`[^`\n]+`)/)
      .map((part, i) => (i % 2 === 1 ? `<code>${escapeHtml(part.slice(1, -1))}</code>` : escapeHtml(part)))
      .join('');

  for (const name of data.impls) form.impl.add(new Option(name, name));
  for (const tag of data.tags) form.tag.add(new Option(tag, tag));

  function readFilters() {
    const params = new URLSearchParams(location.hash.slice(1));
    const filters = {};
    for (const key of keys) filters[key] = params.get(key) ?? '';
    return filters;
  }

  function writeFilters(filters) {
    const params = new URLSearchParams();
    for (const key of keys) if (filters[key]) params.set(key, filters[key]);
    const hash = params.toString();
    // The fragment only: a file:// page may change it, and it keeps the filters in the address to share.
    history.replaceState(null, '', hash ? `#${hash}` : location.pathname + location.search);
  }

  function matches(rule, f) {
    const [id, , area, tagIndexes, statuses] = rule;
    if (f.q) {
      const q = f.q.trim().toLowerCase();
      const areaInfo = data.areas[area];
      const inArea = areaInfo.page.replace(/\.html$/, '').toLowerCase() === q;
      if (!id.toLowerCase().startsWith(q) && !inArea && !areaInfo.title.toLowerCase().includes(q))
        return false;
    }
    if (f.tag && !tagIndexes.some((i) => data.tags[i] === f.tag)) return false;
    if (f.disagree && new Set(statuses).size < 2) return false;
    if (f.status) {
      const columns = f.impl ? [data.impls.indexOf(f.impl)] : data.impls.map((_, i) => i);
      const want = (letter) => (f.status === 'notpassed' ? letter !== 'p' : statusOf[letter] === f.status);
      if (!columns.some((i) => i >= 0 && want(statuses[i]))) return false;
    }
    return true;
  }

  function render() {
    const started = performance.now();
    const f = readFilters();
    for (const key of keys) {
      const field = form[key];
      if (field.type === 'checkbox') field.checked = f[key] === '1';
      else field.value = f[key];
    }
    const impls = data.impls
      .map((name, i) => `<th><a href="${escapeHtml(data.implPages[i])}">${escapeHtml(name)}</a></th>`)
      .join('');
    table.tHead.innerHTML = `<tr><th>Rule</th><th>Title</th>${impls}</tr>`;
    const shown = data.rules.filter((rule) => matches(rule, f));
    const byArea = new Map();
    for (const rule of shown) {
      if (!byArea.has(rule[2])) byArea.set(rule[2], []);
      byArea.get(rule[2]).push(rule);
    }
    const rows = [];
    for (const [areaIndex, rules] of byArea) {
      const area = data.areas[areaIndex];
      const counts = data.impls
        .map(
          (_, i) =>
            `<td class="count">${rules.filter((rule) => rule[4][i] === 'p').length}/${rules.length}</td>`,
        )
        .join('');
      rows.push(
        `<tr class="area"><th colspan="2"><a href="${escapeHtml(area.page)}">${inlineCode(area.title)}</a></th>${counts}</tr>`,
      );
      for (const [id, title, , , statuses] of rules) {
        const href = `${escapeHtml(area.page)}#${id}`;
        const cells = [...statuses]
          .map(
            (letter, i) =>
              `<td class="st st-${statusOf[letter]}" data-impl="${escapeHtml(data.impls[i])}" title="${escapeHtml(data.impls[i])}: ${statusOf[letter]}" aria-label="${escapeHtml(data.impls[i])}: ${statusOf[letter]}">${mark[letter]}</td>`,
          )
          .join('');
        rows.push(
          `<tr class="rule" data-id="${id}"><td><a href="${href}">${id}</a></td><td>${inlineCode(title)}</td>${cells}</tr>`,
        );
      }
    }
    table.tBodies[0].innerHTML = rows.join('');
    summary.textContent = `${shown.length} of ${data.rules.length} rules, ${data.impls.length} implementation${data.impls.length === 1 ? '' : 's'}`;
    // Read by scripts/site/check-in-browser.mjs, which prints it.
    table.dataset.renderMs = (performance.now() - started).toFixed(1);
  }

  form.addEventListener('input', () => {
    const filters = {};
    for (const key of keys) {
      const field = form[key];
      filters[key] = field.type === 'checkbox' ? (field.checked ? '1' : '') : field.value;
    }
    writeFilters(filters);
    render();
  });
  window.addEventListener('hashchange', render);
  render();
})();
