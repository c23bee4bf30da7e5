// Run by test/package/one-core.test.ts inside a project that installed kitjs's packed tarball: loads
// 'kitjs' and 'kitjs/express' by name, as an ES module, and prints what crossing the two entries gives.
import kit, { Router } from 'kitjs';
import express from 'kitjs/express';

/** Serves `app` on 127.0.0.1, port 0, and answers with the status and body of GET `path`. */
async function get(app, path) {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${server.address().port}${path}`);
    return `${response.status} ${await response.text()}`;
  } finally {
    server.close();
  }
}

const kitRouter = new Router();
kitRouter.get('/hello', (_req, res) => res.send('from a kitjs Router'));
const expressApp = express();
expressApp.use('/kit', kitRouter);

const expressRouter = express.Router();
expressRouter.get('/hello', (_req, res) => res.send('from express.Router()'));
const kitApp = kit();
kitApp.use('/express', expressRouter);

// Members added the Express way, on express.request and express.response: read by a kitjs/express app,
// absent from a kit() app, whose request and response classes are the ones the Express flavour subclasses.
express.request.probeMember = () => 'request member';
express.response.probeSend = function probeSend(text) {
  this.send(`${text} via express.response`);
};
const membersApp = express();
membersApp.get('/members', (req, res) => {
  const inherits = (object, prototype) => Object.prototype.isPrototypeOf.call(prototype, object);
  const shared = inherits(req, express.request) && inherits(res, express.response);
  res.probeSend(`${req.probeMember()}, shared prototypes: ${shared}`);
});
const plainApp = kit();
plainApp.get('/members', (req, res) => {
  // The Express flavour's classes subclass the core's: a kit() request's prototype is on express.request's chain.
  const core =
    Object.prototype.isPrototypeOf.call(Object.getPrototypeOf(req), express.request) &&
    Object.prototype.isPrototypeOf.call(Object.getPrototypeOf(res), express.response);
  res.json({ member: typeof req.probeMember, send: typeof res.probeSend, core });
});

console.log(
  JSON.stringify({
    routerInstanceof: [kitRouter instanceof express.Router, expressRouter instanceof Router],
    kitRouterOnExpressApp: await get(expressApp, '/kit/hello'),
    expressRouterOnKitApp: await get(kitApp, '/express/hello'),
    membersOnExpressApp: await get(membersApp, '/members'),
    membersOnKitApp: await get(plainApp, '/members'),
  }),
);
