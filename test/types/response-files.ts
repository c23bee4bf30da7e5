// Compiled by `npm run test:types`: Express 4's file and cookie members type inline handlers and callbacks
// without annotations; `@ts-expect-error` marks what must be refused.
import kit, {
  type CookieOptions,
  type DownloadOptions,
  type SendFileError,
  type SendFileOptions,
} from 'kitjs';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(_check?: T): void {}

const app = kit();

app.get('/files/:name', (req, res) => res.sendFile(req.params.name, { root: 'uploads', maxAge: '1d' }));
app.get('/a', (_req, res) =>
  res.sendFile('/srv/a.txt', (err) => {
    expectType<Equal<typeof err, SendFileError | undefined>>();
    if (err && !res.headersSent) res.status(err.status ?? 500).send(err.code ?? 'failed');
  }),
);
app.get('/b', (_req, res) =>
  res.sendFile('b.txt', { root: '/srv', dotfiles: 'allow' }, (err) => err?.message),
);
// @ts-expect-error: dotfiles is one of three words
app.get('/c', (_req, res) => res.sendFile('c.txt', { root: '/srv', dotfiles: 'hide' }));

const options: SendFileOptions = { headers: { 'X-A': 'a', 'X-B': 1, 'X-C': ['c', 'd'] }, immutable: true };
const download: DownloadOptions = options;
app.get('/d', (_req, res) => res.download('/srv/d.pdf'));
app.get('/e', (_req, res) => res.download('/srv/e.pdf', 'report.pdf'));
app.get('/f', (_req, res) => res.download('/srv/f.pdf', download, (err) => err?.status));
app.get('/g', (_req, res) => res.download('/srv/g.pdf', 'g.pdf', download, (err) => err?.code));
app.get('/h', (_req, res) => res.download('/srv/h.pdf', (err) => err?.code));

app.get('/i', (req, res) => {
  const cookie: CookieOptions = { maxAge: 60_000, httpOnly: true, sameSite: 'lax', priority: 'high' };
  res
    .cookie('a', 'b', cookie)
    .cookie('c', { d: 1 })
    .clearCookie('e', { path: '/' })
    .attachment('x.csv')
    .send('x');
  const secret: string | undefined = req.secret;
  req.next?.();
  // @ts-expect-error: sameSite is a boolean or one of three words
  res.cookie('a', 'b', { sameSite: 'sometimes' });
  // @ts-expect-error: maxAge is milliseconds as a number
  res.cookie('a', 'b', { maxAge: '1d' });
  return secret;
});
