/** The one shape every way of sending (Playwright, node:http, raw TCP) gives the `Then` steps (HARNESS-002). */
export interface HttpResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  body: Buffer;
  text: string;
  json(): unknown;
}
