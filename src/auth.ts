/** `kitjs/auth`: passwords (bcrypt), JSON Web Tokens and the middleware that checks a request's token. */
export { authMiddleware } from './batteries/auth/middleware.js';
export { comparePassword, hashPassword, MAX_PASSWORD_BYTES } from './batteries/auth/password.js';
export { generateToken, verifyToken } from './batteries/auth/token.js';
export type { TokenPayload } from './core/types.js';
