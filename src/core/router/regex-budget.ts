/** What route regexes that can backtrack may cost one request, all of them together (XROUTE-016, XROUTE-020). */

/**
 * XROUTE-020: the steps of the backtracking engine one request may spend on route regexes that are not
 * linear, about 2^22 (a few milliseconds), whatever the number of routes, routers and apps it meets.
 */
export const BUDGET_BITS = 22;
const BUDGET = 2 ** BUDGET_BITS;

/**
 * What keeps one request's account: the steps its bounded route regexes were charged so far. The request
 * itself holds it, so every router and mounted app it goes through draws on the one budget; the field
 * appears on the first bounded regex the request meets, so an app with none never writes it.
 */
export interface RegexMeter {
  kitRegexSteps?: number;
}

/**
 * A route regex whose cost is not linear (XROUTE-002). On a request it is tried only while its worst cost
 * on the path fits in what the request has left (XROUTE-020); an input longer than `maxLength` never fits
 * (XROUTE-016). Only regexes that are not linear are made into one.
 *
 * @example
 * ```ts
 * const quadratic = new BoundedRegExp(/.*fly$/, 2048, 2);
 * quadratic.cost(2000); // 4_000_000 of the 4_194_304 a request has
 * execRoute(quadratic, `/${'a'.repeat(1999)}`, req); // tried, and charged to req
 * ```
 */
export class BoundedRegExp extends RegExp {
  constructor(
    checked: RegExp,
    readonly maxLength: number,
    /** The verdict's degree: the cost is at most about n^degree steps; Infinity for no polynomial bound. */
    readonly degree: number,
    /** What every match starts with, a linear regex (`^\/assets\/`); null when it says nothing. */
    private readonly head: RegExp | null = null,
  ) {
    super(checked);
  }

  /**
   * The most steps the engine is charged for trying this regex on `length` characters: length^degree, or,
   * with no polynomial bound, an exponential that reaches the whole budget at `maxLength`. Either way
   * `maxLength` is the longest input whose cost fits in a budget nothing was charged to yet.
   */
  cost(length: number): number {
    return this.degree === Infinity
      ? Math.ceil(2 ** ((BUDGET_BITS * length) / this.maxLength))
      : length ** this.degree;
  }

  /** Outside a request (no account to charge): the route's own bound, as if it were the first one tried. */
  override exec(input: string): RegExpExecArray | null {
    return input.length > this.maxLength ? null : super.exec(input);
  }

  /**
   * XROUTE-020: runs the engine only when the cost on `input` fits in what `meter` has left, and charges it
   * there; otherwise the regex does not match and nothing is charged, so a cheaper try after it may still
   * fit. A path that does not start with the regex's literal head cannot match: it costs nothing, so routes
   * under other prefixes (`/assets/:path*` for a `/docs/...` request) leave the budget to the one that can.
   */
  execCharged(input: string, meter: RegexMeter): RegExpExecArray | null {
    if (input.length > this.maxLength || (this.head !== null && !this.head.test(input))) return null;
    const spent = meter.kitRegexSteps ?? 0;
    const cost = this.cost(input.length);
    if (spent + cost > BUDGET) return null;
    meter.kitRegexSteps = spent + cost;
    return super.exec(input);
  }
}

/**
 * Matches a route or prefix regex against the path a request's router sees: a linear regex as it is, a
 * bounded one charged to `meter`, the request (XROUTE-020). Without a meter (a lookup outside any request)
 * a bounded regex gets its own bound alone.
 *
 * @example
 * ```ts
 * const found = execRoute(layer.pattern.regexp, where.path, req);
 * ```
 */
export function execRoute(
  regexp: RegExp,
  input: string,
  meter: RegexMeter | undefined,
): RegExpExecArray | null {
  return meter !== undefined && regexp instanceof BoundedRegExp
    ? regexp.execCharged(input, meter)
    : regexp.exec(input);
}
