// Reads spec/*.md into areas (one per file) made of chunks: prose, rules (`### <ID> <title>`) and other sections,
// in document order; and renders Markdown to HTML with marked, linking rule IDs and other spec files.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Marked } from 'marked';

const RULE_HEADING = /^### ([A-Z][A-Z0-9]*-\d{3}) (.*)$/;
const HEADING = /^(#{1,3}) (.*)$/;
/** Spec files that hold no rules: the index of the spec and the waivers. */
export const NON_RULE_FILES = new Set(['README.md', 'waivers.md']);

/** The page a spec file becomes (flat, beside index.html): `routing.md` -> `routing.html`. */
export const pageOf = (file) => `${basename(file, '.md')}.html`;

/**
 * Splits a spec file at its headings of level 1 to 3 (outside code fences). Returns `{ title, chunks }`:
 * `title` is the level-1 heading; each chunk is `{ kind: 'prose' | 'rule' | 'section', ... }`, a rule with its
 * `id`, `title`, `line` and Markdown `body`.
 */
export function splitSpec(text) {
  let title = '';
  const chunks = [{ kind: 'prose', body: [] }];
  let fence = false;
  text.split('\n').forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const heading = fence ? null : HEADING.exec(line);
    if (!heading) {
      chunks.at(-1).body.push(line);
      return;
    }
    const rule = RULE_HEADING.exec(line);
    if (rule) chunks.push({ kind: 'rule', id: rule[1], title: rule[2].trim(), line: index + 1, body: [] });
    else if (heading[1] === '#' && !title) title = heading[2].trim();
    else chunks.push({ kind: 'section', level: heading[1].length, title: heading[2].trim(), body: [] });
  });
  return {
    title,
    chunks: chunks
      .map((chunk) => ({ ...chunk, body: chunk.body.join('\n').trim() }))
      .filter((chunk) => chunk.kind !== 'prose' || chunk.body),
  };
}

/** The spec's areas in the order spec/README.md lists them (then any others by name), and its README. */
export function readSpec(root) {
  const dir = join(root, 'spec');
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort();
  const readme = readFileSync(join(dir, 'README.md'), 'utf8');
  const listed = [...readme.matchAll(/\]\(([\w-]+\.md)\)/g)].map((match) => match[1]);
  const order = (name) => (listed.includes(name) ? listed.indexOf(name) : listed.length);
  const areas = files
    .filter((name) => !NON_RULE_FILES.has(name))
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b))
    .map((file) => {
      const { title, chunks } = splitSpec(readFileSync(join(dir, file), 'utf8'));
      return { file, page: pageOf(file), title: title || file, chunks };
    });
  const waivers = files.includes('waivers.md') ? readFileSync(join(dir, 'waivers.md'), 'utf8') : '';
  return { areas, readme, waivers };
}

/**
 * A Markdown renderer for the site: links to `other.md` go to `other.html`, and a rule ID in running text
 * links to its rule (`ruleHref(id)` gives the address, or undefined for an ID the spec lacks).
 */
export function markdownRenderer(ruleHref) {
  const marked = new Marked({ gfm: true });
  marked.use({
    extensions: [
      {
        name: 'ruleId',
        level: 'inline',
        start: (src) => src.match(/[A-Z][A-Z0-9]*-\d{3}\b/)?.index,
        tokenizer(src) {
          const match = /^[A-Z][A-Z0-9]*-\d{3}\b/.exec(src);
          if (match && ruleHref(match[0])) return { type: 'ruleId', raw: match[0], id: match[0] };
          return undefined;
        },
        renderer: (token) => `<a class="rule-ref" href="${ruleHref(token.id)}">${token.id}</a>`,
      },
    ],
    walkTokens(token) {
      if (token.type === 'link' && /^[\w-]+\.md(#.*)?$/.test(token.href)) {
        token.href = token.href.replace(/\.md(?=#|$)/, '.html');
      }
    },
  });
  // Raw HTML in the spec is shown as text: the spec is prose, and the site must not run what it quotes.
  marked.use({
    renderer: {
      html: (token) => escapeHtml(token.text),
    },
  });
  return (markdown) => marked.parse(markdown);
}

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Escapes text for HTML content and attribute values. */
export const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (char) => ESCAPES[char]);
