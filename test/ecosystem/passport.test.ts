// passport + passport-local work unchanged on kitjs: a login sets req.user, a failure redirects or answers 401 (spec/express-ecosystem.md).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import session from 'express-session';
import { urlencoded } from 'kitjs';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import request from 'supertest';
import { appFlavours, serve } from './support.ts';

// The declaration merging passport's typings ask for: what req.user holds.
declare global {
  namespace Express {
    interface User {
      id: number;
      username: string;
    }
  }
}
type User = Express.User;
const users: User[] = [{ id: 1, username: 'tobi' }];
const passwords = new Map([['tobi', 'ferret']]);

passport.use(
  new LocalStrategy((username, password, cb) => {
    const user = users.find((u) => u.username === username);
    if (!user || passwords.get(username) !== password) {
      return cb(null, false, { message: 'Incorrect username or password.' });
    }
    return cb(null, user);
  }),
);
passport.serializeUser((user, cb) => cb(null, user.id));
passport.deserializeUser((id, cb) => cb(null, users.find((u) => u.id === id) ?? false));

// Where the app's README would call express.urlencoded(), kitjs's own urlencoded() parses the form; with
// kitjs/express it is the same function under Express's name.
for (const flavour of appFlavours) {
  describe(`passport + passport-local on ${flavour.name}`, { skip: flavour.skip }, () => {
    it('logs in without a session: req.user is the user, a wrong password is a 401', async () => {
      const app = flavour.create();
      app.use(urlencoded({ extended: false }));
      app.post('/token', passport.authenticate('local', { session: false }), (req, res) => {
        res.json({ user: req.user });
      });
      const url = await serve(app);
      const ok = await request(url)
        .post('/token')
        .type('form')
        .send({ username: 'tobi', password: 'ferret' });
      assert.equal(ok.status, 200);
      assert.deepEqual(ok.body, { user: { id: 1, username: 'tobi' } });
      const refused = await request(url)
        .post('/token')
        .type('form')
        .send({ username: 'tobi', password: 'wrong' })
        .expect(401);
      assert.equal(refused.text, 'Unauthorized');
    });

    it('logs in with a session, as its README shows: redirects, then req.user on the next request', async () => {
      const app = flavour.create();
      app.use(urlencoded({ extended: false }));
      app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false }));
      app.use(passport.initialize());
      app.use(passport.session());
      app.post(
        '/login/password',
        passport.authenticate('local', { failureRedirect: '/login', failureMessage: true }),
        (req, res) => res.redirect(`/~${req.user?.username}`),
      );
      app.get('/me', (req, res) => {
        res.json({ authenticated: req.isAuthenticated(), user: req.user ?? null });
      });
      app.post('/logout', (req, res, next) => {
        req.logout((err) => (err ? next(err) : res.redirect('/')));
      });
      const url = await serve(app);

      const failed = await request(url)
        .post('/login/password')
        .type('form')
        .send({ username: 'tobi', password: 'nope' })
        .expect(302);
      assert.equal(failed.headers.location, '/login');

      const login = await request(url)
        .post('/login/password')
        .type('form')
        .send({ username: 'tobi', password: 'ferret' })
        .expect(302);
      assert.equal(login.headers.location, '/~tobi');
      const cookie = ((login.headers['set-cookie'] as unknown as string[])[0] ?? '').split(';')[0] ?? '';
      assert.match(cookie, /^connect\.sid=/);

      const me = await request(url).get('/me').set('Cookie', cookie).expect(200);
      assert.deepEqual(me.body, { authenticated: true, user: { id: 1, username: 'tobi' } });
      await request(url).get('/me').expect(200, { authenticated: false, user: null });

      await request(url).post('/logout').set('Cookie', cookie).expect(302);
      await request(url).get('/me').set('Cookie', cookie).expect(200, { authenticated: false, user: null });
    });
  });
}
