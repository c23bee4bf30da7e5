// Compiled by `npm run test:package`: `import express from 'kitjs/express'` with the Express type names.
import express, { type Application, type Request, type Response } from 'kitjs/express';

const app: Application = express();
const blog: Application = express();
app.use('/blog', blog);
blog.on('mount', (parent: Application) => parent.path());
app.engine('txt', (_path, options, callback) => callback(null, String(options.title)));
app.get('/', (req: Request, res: Response) => res.render('home', { title: req.path }));
const server = app.listen({ port: 0, host: '127.0.0.1' }, () => server.close());

export { app };
