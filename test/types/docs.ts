// Compiled by `npm run test:types`: setupSwagger's options are all optional (DOCS-029), and checked when given.
import kit, { type OpenApiDocument, type SetupSwaggerOptions, type SwaggerSetup, setupSwagger } from 'kitjs';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(_check?: T): void {}

const app = kit();

// Nothing else: title and version come from package.json.
const docs = setupSwagger(app);
expectType<Equal<typeof docs, SwaggerSetup>>();
// The document's info always has both, whatever the options left out.
const info: OpenApiDocument['info'] = docs.document.info;
expectType<Equal<typeof info.title, string>>();
expectType<Equal<typeof info.version, string>>();

// Any part may be given alone.
setupSwagger(kit(), {});
setupSwagger(kit(), { info: { title: 'Shop' } });
setupSwagger(kit(), { info: { version: '2.0.0' } });
setupSwagger(kit(), { path: '/docs', filesPattern: ['./routes/**/*.js'] });
const options: SetupSwaggerOptions = { servers: [{ url: 'http://localhost:3000' }] };
setupSwagger(kit(), options);

// @ts-expect-error: the title is a string
setupSwagger(kit(), { info: { title: 1 } });
// @ts-expect-error: a server needs its url
setupSwagger(kit(), { servers: [{ description: 'no url' }] });
// @ts-expect-error: the app comes first
setupSwagger();
