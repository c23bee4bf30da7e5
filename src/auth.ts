/** `kitjs/auth`: passwords (bcrypt), JSON Web Tokens and the middleware that checks a request's token. */
export { authMiddleware } from './auth/middleware.js';
export { comparePassword, hashPassword, MAX_PASSWORD_BYTES } from './auth/password.js';
export { generateToken, verifyToken } from './auth/token.js';
export type { TokenPayload } from './types.js';
