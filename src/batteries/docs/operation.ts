/** Turns a JSDoc block whose first line is `<METHOD> <path>` into an OpenAPI operation. */
import { type Block, blockTextLines, type Spec, tagLine, tagText } from './comment-blocks.js';
import { type ExampleEntry, parseExample } from './examples.js';
import { readParam } from './parameters.js';
import { bracedSpans } from './path-template.js';
import { RequestBodyBuilder } from './request-body.js';
import { buildResponses } from './responses.js';
import { getOwn, setOwn } from './schema-extras.js';
import type { OperationObject, SchemaObject } from './types.js';

/** The HTTP methods an operation line may start with (OpenAPI 3.0's list). */
export const HTTP_METHODS: readonly string[] = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
];

/** What operations share while a document is built. */
export interface DocState {
  readonly schemaNames: ReadonlySet<string>;
  /** Schemes `@security` may name. */
  readonly availableSchemes: Readonly<Record<string, SchemaObject>>;
  readonly usedSchemes: Set<string>;
  /** Tag name → description (undefined until one is written). */
  readonly tags: Map<string, string | undefined>;
  readonly operationIds: Set<string>;
}

/** The first line of an operation block, read. */
export type OperationLine = { method: string; path: string } | { error: string } | undefined;

/**
 * Reads `<METHOD> <path>`; only the first word after the method is the path, so trailing text is dropped.
 * An upper-case method with a bad path is an error; any other line that does not fit is not an operation
 * (it may be an ordinary comment that starts with "Get ..."). `:name` segments are accepted as `{name}`
 * (DOCS-003).
 *
 * @example
 * ```ts
 * parseOperationLine('GET /users/{id} - fetch one'); // { method: 'get', path: '/users/{id}' }
 * parseOperationLine('Get the user');                // undefined
 * ```
 */
export function parseOperationLine(line: string): OperationLine {
  const match = /^([A-Za-z]+)(?:\s+(\S+))?/.exec(line.trim());
  if (!match) return undefined;
  const method = match[1]!.toLowerCase();
  if (!HTTP_METHODS.includes(method)) return undefined;
  const path = match[2];
  const shouting = match[1] === match[1]!.toUpperCase();
  if (!path?.startsWith('/')) {
    return shouting ? { error: `operation line "${line.trim()}" needs a path starting with "/"` } : undefined;
  }
  const converted = path.replace(/:([A-Za-z_][\w]*)/g, '{$1}');
  // One character or one whole {name} per step, so the regex cannot split a run of text two ways (no ReDoS).
  if (!/^(?:\/(?:[^{}/]|\{[A-Za-z_][\w.-]*\})*)+$/.test(converted) && converted !== '/') {
    return { error: `operation path "${path}" is malformed: write path parameters as {name}` };
  }
  return { method, path: converted };
}

/** Path template parameter names, in order. */
export function pathParamNames(path: string): string[] {
  return bracedSpans(path).map((span) => span.inner);
}

/**
 * Builds the operation of one block. Every problem goes to `warnAt` with its line; nothing throws.
 *
 * @example
 * ```ts
 * const op = buildOperation(block, { method: 'get', path: '/ping' }, state, warnAt);
 * op.responses; // from the block's @return lines
 * ```
 */
export function buildOperation(
  block: Block,
  line: { method: string; path: string },
  state: DocState,
  warnAt: (line: number, message: string) => void,
): OperationObject {
  // DOCS-004: summary, description, tags, deprecated (false by default) and a unique operationId.
  const op: OperationObject = { deprecated: false };
  const body = new RequestBodyBuilder();
  const parameters: SchemaObject[] = [];
  const returns: Spec[] = [];
  const examples: ExampleEntry[] = [];
  const security: Array<Record<string, string[]>> = [];
  const opTags: string[] = [];
  const bodyLine = { line: 0 };

  for (const spec of block.tags) {
    const at = tagLine(spec);
    const warn = (message: string) => warnAt(at, message);
    for (const problem of spec.problems) warn(`malformed @${spec.tag}: ${problem.message}`);
    if (spec.problems.length > 0) continue;
    switch (spec.tag) {
      case 'summary':
        op.summary = tagText(spec);
        break;
      case 'description':
        op.description = tagText(spec, '\n');
        break;
      case 'deprecated':
        op.deprecated = true;
        break;
      case 'operationId':
      case 'operationid': {
        const id = tagText(spec);
        if (id === '') warn('@operationId needs a value');
        else if (state.operationIds.has(id)) warn(`operationId "${id}" is already used; it was dropped here`);
        else {
          state.operationIds.add(id);
          op.operationId = id;
        }
        break;
      }
      case 'tags':
      case 'tag':
        readTags(tagText(spec), state, opTags);
        break;
      case 'security':
        readSecurity(tagText(spec), state, security, warn);
        break;
      case 'param': {
        const param = readParam(spec, body, state, warn);
        if (param) addParameter(parameters, param, line.path, warn);
        else if (bodyLine.line === 0 && /^request\.body|\.form(\.|$)/.test(spec.name)) bodyLine.line = at;
        break;
      }
      case 'return':
      case 'returns':
        returns.push(spec);
        break;
      case 'example': {
        const example = parseExample(spec, warn);
        if (example) examples.push(example);
        break;
      }
      default:
        // Other JSDoc tags (@openapi blocks are read elsewhere, @async, @see...) carry no OpenAPI meaning here.
        break;
    }
  }

  if (op.description === undefined) {
    const extra = blockTextLines(block).slice(1);
    if (extra.length > 0) op.description = extra.map((l) => l.text).join('\n');
  }
  if (opTags.length > 0) op.tags = opTags;
  // Every {name} in the path must be described; an undocumented one is added as a required string (DOCS-005).
  for (const name of pathParamNames(line.path)) {
    if (!parameters.some((p) => p.in === 'path' && p.name === name)) {
      parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    }
  }
  if (parameters.length > 0) op.parameters = parameters;
  const requestExamples = examples.filter((e) => e.kind === 'request');
  if (!body.isEmpty) {
    // DOCS-008: GET and HEAD take no body.
    if (line.method === 'get' || line.method === 'head') {
      warnAt(
        bodyLine.line,
        `${line.method.toUpperCase()} operations take no request body; the body lines were ignored`,
      );
    } else {
      op.requestBody = body.build(requestExamples, (m) => warnAt(bodyLine.line, m));
    }
  } else {
    for (const e of requestExamples)
      warnAt(e.line, '@example request but the operation declares no request body; it was skipped');
  }
  op.responses = buildResponses(
    returns,
    examples.filter((e) => e.kind === 'response'),
    state,
    warnAt,
  );
  if (security.length > 0) op.security = security;
  return op;
}

function addParameter(
  parameters: SchemaObject[],
  param: SchemaObject,
  path: string,
  warn: (m: string) => void,
): void {
  // DOCS-005: a path parameter not in the path is left out; DOCS-006: the same name and place twice keeps the
  // first.
  if (param.in === 'path' && !pathParamNames(path).includes(param.name as string)) {
    warn(`path parameter "${String(param.name)}" does not appear in ${path}; it was skipped`);
    return;
  }
  if (parameters.some((p) => p.in === param.in && p.name === param.name)) {
    warn(
      `${String(param.in)} parameter "${String(param.name)}" is declared twice; the first declaration is kept`,
    );
    return;
  }
  parameters.push(param);
}

/** `@tags a, b - description`: names are comma-separated; the description belongs to those tags. */
function readTags(text: string, state: DocState, opTags: string[]): void {
  // The lookbehind starts a match only where a run of spaces starts, so a long run is not rescanned (no ReDoS).
  const [names = '', ...rest] = text.split(/(?<!\s)\s+-\s+/);
  const description = rest.join(' - ').trim();
  for (const raw of names.split(',')) {
    const name = raw.trim();
    if (name === '') continue;
    if (!opTags.includes(name)) opTags.push(name);
    if (!state.tags.has(name) || (state.tags.get(name) === undefined && description !== '')) {
      state.tags.set(name, description === '' ? undefined : description);
    }
  }
}

/**
 * `@security A` adds one alternative (so does each side of `A | B`); `@security A & B` requires both at once.
 * An unknown scheme is a warning and left out (DOCS-012).
 */
function readSecurity(
  text: string,
  state: DocState,
  security: Array<Record<string, string[]>>,
  warn: (m: string) => void,
): void {
  if (text.trim() === '') {
    warn('@security needs a scheme name such as BearerAuth');
    return;
  }
  for (const alternative of text.split('|')) {
    const requirement: Record<string, string[]> = {};
    for (const raw of alternative.split('&')) {
      const name = raw.trim();
      if (name === '') continue;
      if (getOwn(state.availableSchemes, name) === undefined) {
        warn(
          `unknown security scheme "${name}": use BearerAuth, bearerAuth, BasicAuth or one given in setupSwagger's security option`,
        );
        continue;
      }
      state.usedSchemes.add(name);
      setOwn(requirement, name, []);
    }
    if (Object.keys(requirement).length > 0) security.push(requirement);
  }
}
