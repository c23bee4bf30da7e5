/** `kitjs/docs`: an OpenAPI document generated from the app's routes, served with swagger-ui. */
export { setupSwagger } from './docs/setup-swagger.js';
export type {
  DocsWarning,
  DriftReport,
  OpenApiDocument,
  SetupSwaggerOptions,
  SwaggerSetup,
} from './docs/types.js';
