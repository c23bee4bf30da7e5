// Turns the raw figures of a run into results.json, results.md and hand-written SVG charts.
import fs from 'node:fs';
import path from 'node:path';

const NAMES = {
  node: 'node:http',
  fastify: 'Fastify',
  express: 'Express',
  hono: 'Hono',
  kitjs: 'kitjs',
  'kitjs-express': 'kitjs/express',
  'kitjs-zod': 'kitjs (Zod)',
};
const COLORS = {
  node: '#888888',
  fastify: '#1f77b4',
  express: '#7f7f00',
  hono: '#e8590c',
  kitjs: '#2b8a3e',
  'kitjs-express': '#5c940d',
  'kitjs-zod': '#0ca678',
};
// The kitjs configurations compared with the others: `kitjs-express` is the Express app on kitjs/express,
// `kitjs-zod` is kitjs with Zod schemas (`api` only).
const KIT_VARIANTS = ['kitjs', 'kitjs-express', 'kitjs-zod'];
// kitjs built at another commit (`--baseline`): a lighter green next to kitjs's.
const BASELINE_COLOR = '#8ce99a';
const nameOf = (l) => NAMES[l] ?? l;
const colorOf = (l) => COLORS[l] ?? BASELINE_COLOR;
// kitjs against its own earlier build: within this of it counts as no slower (run-to-run noise).
const BASELINE_BAR = 0.97;
const MODE_LABEL = { c100: '-c 100', c100p10: '-c 100 -p 10' };
const PIPELINE_BAR = new Set(['hello', 'json', 'param']);

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return Number.NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : '—');
const int = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '—');
const pct = (x) => (Number.isFinite(x) ? `${(x * 100).toFixed(1)}%` : '—');
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Median req/s, p99, peak RSS and spread of one label over the rounds of a mode. */
export function stats(rounds, label) {
  const rps = rounds.map((r) => r[label]?.rps);
  const m = median(rps);
  return {
    rps: m,
    p99: median(rounds.map((r) => r[label]?.p99)),
    cpuUs: median(rounds.map((r) => r[label]?.cpuUsPerReq)),
    rssPeakMB: Math.max(...rounds.map((r) => r[label]?.rssPeakMB ?? 0)),
    spread: rps.length > 1 ? (Math.max(...rps) - Math.min(...rps)) / m : Number.NaN,
    errors: rounds.reduce((n, r) => n + (r[label]?.errors ?? 0) + (r[label]?.non2xx ?? 0), 0),
  };
}

/** The ratio a/b in each round (the pairs ran back to back), as median, min and max. */
export function ratio(rounds, a, b) {
  const rs = rounds.map((r) => (r[a] && r[b] ? r[a].rps / r[b].rps : Number.NaN)).filter(Number.isFinite);
  return { median: median(rs), min: Math.min(...rs), max: Math.max(...rs), n: rs.length };
}

/** Per round, CPU per request of b over that of a: above 1 when a does the same work with less CPU. */
export function cpuRatio(rounds, a, b) {
  const rs = rounds
    .map((r) => (r[a] && r[b] ? r[b].cpuUsPerReq / r[a].cpuUsPerReq : Number.NaN))
    .filter(Number.isFinite);
  return { median: median(rs), min: Math.min(...rs), max: Math.max(...rs), n: rs.length };
}

const range = (r) => (r.n > 1 ? ` (${fmt(r.min)}–${fmt(r.max)})` : '');

function summarize(results) {
  const rows = [];
  const base = results.meta.baseline?.label;
  for (const [workload, block] of Object.entries(results.main)) {
    for (const [mode, rounds] of Object.entries(block.modes ?? {})) {
      const labels = Object.keys(rounds[0] ?? {});
      const row = { workload, mode, stats: {}, ratios: {}, cpuRatios: {} };
      for (const l of labels) row.stats[l] = stats(rounds, l);
      for (const l of labels) {
        if (l === 'node' || !labels.includes('node')) continue;
        row.ratios[`${l}/node`] = ratio(rounds, l, 'node');
        row.cpuRatios[`${l}/node`] = cpuRatio(rounds, l, 'node');
      }
      for (const k of KIT_VARIANTS.filter((v) => labels.includes(v)))
        for (const l of ['fastify', 'express', 'hono'])
          if (labels.includes(l)) {
            row.ratios[`${k}/${l}`] = ratio(rounds, k, l);
            row.cpuRatios[`${k}/${l}`] = cpuRatio(rounds, k, l);
          }
      if (base && labels.includes('kitjs') && labels.includes(base)) {
        row.ratios[`kitjs/${base}`] = ratio(rounds, 'kitjs', base);
        row.cpuRatios[`kitjs/${base}`] = cpuRatio(rounds, 'kitjs', base);
      }
      rows.push(row);
    }
  }
  return rows;
}

function bars(row, key = 'ratios', kit = 'kitjs') {
  const out = [];
  const r = row[key];
  if (PIPELINE_BAR.has(row.workload) && row.mode === 'c100p10' && r[`${kit}/node`])
    out.push(r[`${kit}/node`].median >= 0.9 ? '✓ ≥0.90 node' : '✗ <0.90 node');
  if (r[`${kit}/fastify`]) out.push(r[`${kit}/fastify`].median >= 1 ? '✓ ≥Fastify' : '✗ <Fastify');
  if (r[`${kit}/express`]) out.push(r[`${kit}/express`].median >= 3 ? '✓ ≥3×Express' : '✗ <3×Express');
  return out.join(', ');
}

function ratiosSvg(
  rows,
  key = 'ratios',
  title = 'Throughput relative to bare node:http (median of rounds; 1.0 = node:http)',
) {
  const groups = rows.filter((r) => Object.keys(r[key]).some((k) => k.endsWith('/node')));
  const others = groups.flatMap((g) => Object.keys(g[key]).filter((k) => k.endsWith('/node')));
  const servers = [
    ...new Set(['fastify', 'express', 'hono', 'kitjs', ...others.map((k) => k.slice(0, -'/node'.length))]),
  ];
  const barW = 14;
  const gap = 26;
  const groupW = servers.length * barW + gap;
  const left = 50;
  const top = 40;
  const h = 260;
  const maxY = Math.max(
    1.1,
    ...groups.flatMap((g) => servers.map((s) => g[key][`${s}/node`]?.median ?? 0).filter(Number.isFinite)),
  );
  const width = Math.max(left + groups.length * groupW + 20, left + servers.length * 110);
  const height = top + h + 90;
  const y = (v) => top + h - (v / maxY) * h;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${left}" y="18" font-size="14" font-weight="bold">${esc(title)}</text>`,
  ];
  for (let v = 0; v <= maxY + 1e-9; v += 0.25) {
    parts.push(
      `<line x1="${left}" x2="${width - 10}" y1="${y(v)}" y2="${y(v)}" stroke="#eee"/>`,
      `<text x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${v.toFixed(2)}</text>`,
    );
  }
  parts.push(
    `<line x1="${left}" x2="${width - 10}" y1="${y(1)}" y2="${y(1)}" stroke="#444" stroke-dasharray="4 3"/>`,
    `<line x1="${left}" x2="${width - 10}" y1="${y(0.9)}" y2="${y(0.9)}" stroke="#2b8a3e" stroke-dasharray="2 3"/>`,
    `<text x="${width - 12}" y="${y(0.9) + 12}" text-anchor="end" fill="#2b8a3e">0.90</text>`,
  );
  groups.forEach((g, gi) => {
    const x0 = left + gi * groupW + gap / 2;
    servers.forEach((s, si) => {
      const v = g[key][`${s}/node`]?.median;
      if (!Number.isFinite(v)) return;
      const x = x0 + si * barW;
      parts.push(
        `<rect x="${x}" y="${y(v)}" width="${barW - 2}" height="${top + h - y(v)}" fill="${colorOf(s)}"><title>${esc(`${g.workload} ${MODE_LABEL[g.mode]} ${nameOf(s)}: ${v.toFixed(3)}`)}</title></rect>`,
      );
    });
    const cx = x0 + (servers.length * barW) / 2;
    parts.push(
      `<text x="${cx}" y="${top + h + 14}" text-anchor="middle">${esc(g.workload)}</text>`,
      `<text x="${cx}" y="${top + h + 27}" text-anchor="middle" fill="#666">${esc(g.mode === 'c100p10' ? '-p 10' : '-c 100')}</text>`,
    );
  });
  servers.forEach((s, i) => {
    const x = left + i * 110;
    parts.push(
      `<rect x="${x}" y="${top + h + 45}" width="12" height="12" fill="${colorOf(s)}"/>`,
      `<text x="${x + 16}" y="${top + h + 55}">${esc(nameOf(s))}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}

/** One line panel of the scaling chart: a metric per route count, one line per server, at offset `ox`. */
function linePanel(scaling, rounds, ox, title, metric, digits) {
  const left = ox + 60;
  const top = 40;
  const w = 380;
  const h = 240;
  const series = scaling.servers.map((s) => ({
    s,
    pts: scaling.points.map((n) => ({ n, v: stats(rounds, `${s}@${n}`)[metric] })),
  }));
  const maxY = Math.max(...series.flatMap((s) => s.pts.map((p) => p.v)).filter(Number.isFinite)) * 1.1 || 1;
  const x = (n) => left + (Math.log10(n) / Math.log10(scaling.points.at(-1))) * w;
  const y = (v) => top + h - (v / maxY) * h;
  const parts = [`<text x="${left}" y="${top - 12}" font-size="13" font-weight="bold">${esc(title)}</text>`];
  for (let i = 0; i <= 5; i++) {
    const v = (maxY * i) / 5;
    parts.push(
      `<line x1="${left}" x2="${left + w}" y1="${y(v)}" y2="${y(v)}" stroke="#eee"/>`,
      `<text x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${digits ? v.toFixed(digits) : int(v)}</text>`,
    );
  }
  for (const n of scaling.points)
    parts.push(`<text x="${x(n)}" y="${top + h + 16}" text-anchor="middle">${int(n)}</text>`);
  parts.push(`<text x="${left + w / 2}" y="${top + h + 32}" text-anchor="middle">routes (log scale)</text>`);
  for (const { s, pts } of series) {
    const ok = pts.filter((p) => Number.isFinite(p.v));
    parts.push(
      `<polyline fill="none" stroke="${COLORS[s]}" stroke-width="2" points="${ok.map((p) => `${x(p.n)},${y(p.v)}`).join(' ')}"/>`,
      ...ok.map(
        (p) =>
          `<circle cx="${x(p.n)}" cy="${y(p.v)}" r="3" fill="${COLORS[s]}"><title>${NAMES[s]} ${p.n} routes: ${p.v}</title></circle>`,
      ),
    );
  }
  return parts;
}

function scalingSvg(scaling) {
  const rounds = scaling.modes.c100p10 ?? Object.values(scaling.modes)[0] ?? [];
  const width = 2 * 470;
  const height = 360;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    '<rect width="100%" height="100%" fill="#fff"/>',
    ...linePanel(scaling, rounds, 0, 'Router scaling: req/s (-c 100 -p 10, higher is better)', 'rps', 0),
    ...linePanel(scaling, rounds, 470, 'Server CPU µs per request (lower is better)', 'cpuUs', 1),
  ];
  scaling.servers.forEach((s, i) => {
    parts.push(
      `<rect x="${60 + i * 110}" y="${height - 26}" width="12" height="12" fill="${COLORS[s]}"/>`,
      `<text x="${76 + i * 110}" y="${height - 16}">${NAMES[s]}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}

/** The rows comparing kitjs with its build of another commit (`--baseline`), one per workload and mode. */
function baselineRows(results, rows) {
  const base = results.meta.baseline?.label;
  if (!base) return [];
  return rows
    .filter((r) => r.ratios[`kitjs/${base}`])
    .map((r) => ({
      workload: r.workload,
      mode: r.mode,
      rps: r.ratios[`kitjs/${base}`],
      cpu: r.cpuRatios[`kitjs/${base}`],
      cpuUs: Object.fromEntries(Object.entries(r.stats).map(([l, st]) => [l, st.cpuUs])),
      toNode: r.ratios['kitjs/node'],
      baseToNode: r.ratios[`${base}/node`],
    }));
}

const baselineBar = (x) => (x.median >= BASELINE_BAR ? `✓ ≥${BASELINE_BAR}` : `✗ <${BASELINE_BAR}`);

function baselineSection(results, rows) {
  const b = results.meta.baseline;
  const list = baselineRows(results, rows);
  if (!list.length) return [];
  const c = (x) => (x ? `${fmt(x.median)}${range(x)}` : '—');
  const L = [
    `## kitjs against ${b.label}`,
    '',
    `\`${b.label}\` is the same server file running kitjs built at ${b.hash} ("${esc(b.subject)}"), interleaved with the others in every round. req/s ratio: kitjs ÷ ${b.label} per round; CPU ratio: ${b.label} CPU/req ÷ kitjs CPU/req per round (above 1: the current kitjs spends less CPU per request). Medians of rounds, range in brackets.`,
    '',
    `| workload | mode | kitjs/${b.label} req/s | CPU ${b.label}/kitjs | kitjs µs/req | ${b.label} µs/req | node:http µs/req | kitjs/node:http | ${b.label}/node:http | bar |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of list)
    L.push(
      `| ${r.workload} | \`${MODE_LABEL[r.mode]}\` | ${c(r.rps)} | ${c(r.cpu)} | ${fmt(r.cpuUs.kitjs, 1)} | ${fmt(r.cpuUs[b.label], 1)} | ${fmt(r.cpuUs.node, 1)} | ${c(r.toNode)} | ${c(r.baseToNode)} | ${baselineBar(r.rps)} |`,
    );
  L.push('');
  return L;
}

/** A few lines for the console at the end of a run: kitjs's ratios and every server's CPU per request. */
export function summaryLines(results) {
  const rows = summarize(results);
  const base = results.meta.baseline?.label;
  const kit = rows.filter((r) => KIT_VARIANTS.some((v) => r.stats[v]));
  if (!kit.length) return [];
  const c = (x) => `${fmt(x.median)}${range(x)}`;
  const L = [
    'summary: req/s ratios are medians of per-round ratios (range); CPU = server µs per request (median of rounds)',
  ];
  for (const r of kit) {
    const parts = [];
    if (base && r.ratios[`kitjs/${base}`])
      parts.push(
        `kitjs/${base} ${c(r.ratios[`kitjs/${base}`])} ${baselineBar(r.ratios[`kitjs/${base}`])}`,
        `CPU ${base}/kitjs ${c(r.cpuRatios[`kitjs/${base}`])}`,
      );
    for (const [k, x] of Object.entries(r.ratios))
      if (KIT_VARIANTS.some((v) => k.startsWith(`${v}/`)) && k !== `kitjs/${base}`)
        parts.push(`${k} ${c(x)}`);
    if (base && r.ratios[`${base}/node`]) parts.push(`${base}/node ${c(r.ratios[`${base}/node`])}`);
    parts.push(
      `CPU µs/req ${Object.entries(r.stats)
        .map(([l, st]) => `${l} ${fmt(st.cpuUs, 1)}`)
        .join(', ')}`,
    );
    L.push(`  ${r.workload} ${MODE_LABEL[r.mode]}: ${parts.join(' · ')}`);
  }
  return L;
}

function markdown(results, rows) {
  const { meta } = results;
  const L = [];
  L.push('# kitjs benchmarks', '');
  L.push(
    `Run ${meta.date} · Node ${meta.serverNode && meta.serverNode !== meta.node ? `${meta.serverNode} (servers; the driver and autocannon on ${meta.node})` : meta.node} · ${meta.cpus} CPU (${meta.cpuModel}) · ${meta.platform}`,
    '',
    `Command: \`${meta.command}\` (${meta.seconds}s) · rounds ${meta.config.rounds} × ${meta.config.duration}s a server, warm-up ${meta.config.warmup}s · load average before ${meta.loadavgBefore.map((x) => x.toFixed(2)).join(' ')}, after ${meta.loadavgAfter.map((x) => x.toFixed(2)).join(' ')}`,
    '',
    `Versions: ${Object.entries(meta.versions)
      .map(([k, v]) => `${k} ${v}`)
      .join(
        ', ',
      )}. autocannon runs in the driver process; servers are child processes on 127.0.0.1, all on the same ${meta.cpus} CPUs as the load generator. Servers are interleaved round-robin (order rotated each round); figures are medians of rounds, ratios are medians of per-round ratios (range in brackets).`,
    '',
  );
  if (results.failures?.length) L.push('**Failures:**', '', ...results.failures.map((f) => `- ${f}`), '');

  // One line per workload, mode and kitjs configuration (`api` has two: TypeBox, the plain `kitjs`, and Zod).
  const kitRows = rows.flatMap((r) =>
    KIT_VARIANTS.filter((k) => r.ratios[`${k}/fastify`] || r.ratios[`${k}/node`]).map((kit) => ({
      ...r,
      kit,
      name: kit === 'kitjs' ? r.workload : `${r.workload} (${kit})`,
    })),
  );
  if (kitRows.length) {
    L.push('## kitjs against the others', '');
    L.push('| workload | mode | kitjs/node:http | kitjs/Fastify | kitjs/Express | kitjs/Hono | bars |');
    L.push('|---|---|---|---|---|---|---|');
    for (const r of kitRows) {
      const c = (k) =>
        r.ratios[`${r.kit}/${k}`]
          ? `${fmt(r.ratios[`${r.kit}/${k}`].median)}${range(r.ratios[`${r.kit}/${k}`])}`
          : '—';
      L.push(
        `| ${r.name} | \`${MODE_LABEL[r.mode]}\` | ${c('node')} | ${c('fastify')} | ${c('express')} | ${c('hono')} | ${bars(r, 'ratios', r.kit)} |`,
      );
    }
    L.push('');
    L.push(
      '### The same, from server CPU per request',
      '',
      'CPU time the server process used (all threads, from /proc) divided by the requests it answered, compared per round: other server CPU/req ÷ kitjs CPU/req, so above 1 means kitjs does the work with less CPU. This is much less sensitive to other load on the machine than req/s.',
      '',
      '| workload | mode | kitjs µs/req | vs node:http | vs Fastify | vs Express | vs Hono | bars |',
      '|---|---|---:|---:|---:|---:|---:|---|',
    );
    for (const r of kitRows) {
      const c = (k) =>
        r.cpuRatios[`${r.kit}/${k}`]
          ? `${fmt(r.cpuRatios[`${r.kit}/${k}`].median)}${range(r.cpuRatios[`${r.kit}/${k}`])}`
          : '—';
      L.push(
        `| ${r.name} | \`${MODE_LABEL[r.mode]}\` | ${fmt(r.stats[r.kit]?.cpuUs, 1)} | ${c('node')} | ${c('fastify')} | ${c('express')} | ${c('hono')} | ${bars(r, 'cpuRatios', r.kit)} |`,
      );
    }
    L.push('');
  }

  L.push(...baselineSection(results, rows));

  L.push('## Per workload', '', '![ratios](ratios.svg)', '', '![CPU ratios](ratios-cpu.svg)', '');
  for (const [workload, block] of Object.entries(results.main)) {
    const modes = Object.keys(block.modes ?? {});
    L.push(`### ${workload}`, '');
    if (!modes.length) {
      L.push('Not measured (answers differed).', '');
      continue;
    }
    const head = modes.flatMap((m) => [
      `req/s \`${MODE_LABEL[m]}\``,
      'p99 ms',
      'CPU µs/req',
      '×node:http',
      'kitjs/this',
      'spread',
    ]);
    L.push(`| server | ${head.join(' | ')} | peak RSS MB | startup ms |`);
    L.push(`|---|${head.map(() => '---:').join('|')}|---:|---:|`);
    const labels = Object.keys(block.modes[modes[0]][0] ?? {});
    for (const l of labels) {
      const cells = modes.flatMap((m) => {
        const row = rows.find((r) => r.workload === workload && r.mode === m);
        const s = row.stats[l];
        const toNode =
          l === 'node' ? '1.00' : row.ratios[`${l}/node`] ? fmt(row.ratios[`${l}/node`].median) : '—';
        const kitOver =
          l === 'kitjs' ? '1.00' : row.ratios[`kitjs/${l}`] ? fmt(row.ratios[`kitjs/${l}`].median) : '—';
        return [
          `${int(s.rps)}${s.errors ? ` (${s.errors} err)` : ''}`,
          fmt(s.p99, 0),
          fmt(s.cpuUs, 1),
          toNode,
          kitOver,
          pct(s.spread),
        ];
      });
      const rss = Math.max(
        ...modes.map((m) => rows.find((r) => r.workload === workload && r.mode === m).stats[l].rssPeakMB),
      );
      L.push(`| ${NAMES[l] ?? l} | ${cells.join(' | ')} | ${fmt(rss, 1)} | ${block.startupMs?.[l] ?? '—'} |`);
    }
    const notes = Object.values(block.verify ?? {}).flatMap((v) => v.notes);
    if (notes.length) L.push('', `Header differences outside the compared set: ${notes.join('; ')}.`);
    L.push('');
  }

  // Router against param, per server: "lookup cost flat in the route count".
  const routerRows = rows.filter((r) => r.workload === 'router');
  if (routerRows.length) {
    L.push('## router (240 routes) against param (1 route)', '');
    L.push('| mode | server | router req/s | param req/s | router/param req/s | router/param CPU µs/req |');
    L.push('|---|---|---:|---:|---:|---:|');
    for (const rr of routerRows) {
      const pr = rows.find((r) => r.workload === 'param' && r.mode === rr.mode);
      if (!pr) continue;
      for (const l of Object.keys(rr.stats))
        L.push(
          `| \`${MODE_LABEL[rr.mode]}\` | ${nameOf(l)} | ${int(rr.stats[l].rps)} | ${int(pr.stats[l]?.rps)} | ${fmt(rr.stats[l].rps / pr.stats[l]?.rps, 3)} | ${fmt(rr.stats[l].cpuUs / pr.stats[l]?.cpuUs, 3)} |`,
        );
    }
    L.push(
      '',
      'router/param is a ratio of medians from different blocks (not interleaved), so it carries both blocks’ noise; the CPU-per-request column (1.000 = a lookup among 240 routes costs what one route costs) is the steadier of the two.',
      '',
    );
  }

  // Noise.
  const spreads = rows.flatMap((r) => Object.values(r.stats).map((s) => s.spread)).filter(Number.isFinite);
  if (spreads.length) {
    spreads.sort((a, b) => a - b);
    L.push(
      '## Noise',
      '',
      `Spread of req/s between rounds ((max − min) / median, per server, workload and mode): median ${pct(median(spreads))}, 90th percentile ${pct(spreads[Math.floor(spreads.length * 0.9)])}, max ${pct(spreads.at(-1))}. Ratios from interleaved rounds are steadier than single figures: see the ranges in brackets above.`,
      '',
    );
  }

  // Startup and memory per server.
  const labels = [...new Set(rows.flatMap((r) => Object.keys(r.stats)))];
  if (labels.length) {
    L.push('## Startup and memory', '');
    L.push(
      '| server | startup ms (median over workloads) | peak RSS MB under load (max over workloads) | peak RSS MB per workload |',
    );
    L.push('|---|---:|---:|---|');
    for (const l of labels) {
      const starts = Object.values(results.main).map((b) => b.startupMs?.[l]);
      const per = {};
      for (const r of rows)
        if (r.stats[l]) per[r.workload] = Math.max(per[r.workload] ?? 0, r.stats[l].rssPeakMB);
      L.push(
        `| ${nameOf(l)} | ${fmt(median(starts), 0)} | ${fmt(Math.max(...Object.values(per)), 1)} | ${Object.entries(
          per,
        )
          .map(([w, v]) => `${w} ${fmt(v, 0)}`)
          .join(', ')} |`,
      );
    }
    L.push(
      '',
      'Startup: from spawning `node` to the first answered request. Peak RSS: VmRSS sampled every 100 ms during the measured runs.',
      '',
    );
  }

  if (results.scaling?.modes && Object.keys(results.scaling.modes).length) {
    const sc = results.scaling;
    const rounds = sc.modes.c100p10 ?? Object.values(sc.modes)[0];
    L.push('## Router scaling (`-c 100 -p 10`)', '', '![scaling](scaling.svg)', '');
    L.push(
      `| routes | ${sc.servers.map((s) => `${NAMES[s]} req/s | vs 1 route | CPU µs/req`).join(' | ')} |`,
    );
    L.push(`|---:|${sc.servers.map(() => '---:|---:|---:').join('|')}|`);
    for (const n of sc.points) {
      L.push(
        `| ${int(n)} | ${sc.servers
          .map((s) => {
            const st = stats(rounds, `${s}@${n}`);
            const base = stats(rounds, `${s}@${sc.points[0]}`).rps;
            return `${int(st.rps)} | ${fmt(st.rps / base, 3)} | ${fmt(st.cpuUs, 1)}`;
          })
          .join(' | ')} |`,
      );
    }
    L.push(
      '',
      'Each point is its own server process with that many routes; requests spread over up to 60 GET routes including the last registered.',
      '',
    );
  }

  if (results.ablation?.modes && Object.keys(results.ablation.modes).length) {
    const ab = results.ablation;
    const rounds = ab.modes.c100p10 ?? Object.values(ab.modes)[0];
    L.push('## Stack ablation (`-c 100 -p 10`)', '');
    L.push(
      'Each variant drops one piece of the `stack` workload. Cost of a piece = the server CPU per request it adds: CPU µs/req of the full stack − CPU µs/req without that piece (from /proc, all server threads; negative = within the noise).',
      '',
    );
    L.push(`| variant | ${ab.servers.map((s) => `${NAMES[s]} req/s | CPU µs/req | cost µs`).join(' | ')} |`);
    L.push(`|---|${ab.servers.map(() => '---:|---:|---:').join('|')}|`);
    for (const v of ab.variants) {
      L.push(
        `| ${v === 'full' ? 'full stack' : `without ${v.slice(1)}`} | ${ab.servers
          .map((s) => {
            const lab = v === 'full' ? s : `${s}${v}`;
            const st = stats(rounds, lab);
            const full = stats(rounds, s);
            const cost = v === 'full' ? '' : fmt(full.cpuUs - st.cpuUs, 1);
            return `${int(st.rps)} | ${fmt(st.cpuUs, 1)} | ${cost}`;
          })
          .join(' | ')} |`,
      );
    }
    L.push('');
  }
  L.push(
    '## Reproduce',
    '',
    '```sh',
    'npm ci && npm run build',
    'npm run bench            # full run: main matrix, router scaling, stack ablation (~15 min)',
    'npm run bench -- --quick # one round, 2 s a server, -c 100 only; checks answers (CI)',
    ...(meta.baseline ? [`npm run bench -- ${meta.command.replace(/^node bench\/run\.mjs ?/, '')}`] : []),
    '```',
    '',
    'Raw figures of every round: `results.json`.',
    '',
  );
  return L.join('\n');
}

/** Writes results.json, results.md, ratios.svg and (when measured) scaling.svg into `dir`. */
export function writeReports(results, dir) {
  const rows = summarize(results);
  results.summary = rows.map((r) => ({
    workload: r.workload,
    mode: r.mode,
    stats: r.stats,
    ratios: r.ratios,
    cpuRatios: r.cpuRatios,
  }));
  const files = [];
  const write = (name, text) => {
    const f = path.join(dir, name);
    fs.writeFileSync(f, text);
    files.push(f);
  };
  write('results.json', `${JSON.stringify(results, null, 2)}\n`);
  write('results.md', markdown(results, rows));
  if (rows.length) {
    write('ratios.svg', ratiosSvg(rows));
    write(
      'ratios-cpu.svg',
      ratiosSvg(
        rows,
        'cpuRatios',
        'CPU efficiency relative to bare node:http (node:http CPU/req ÷ server CPU/req)',
      ),
    );
  }
  if (results.scaling?.modes && Object.keys(results.scaling.modes).length)
    write('scaling.svg', scalingSvg(results.scaling));
  return files;
}
