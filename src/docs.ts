/** `kitjs/docs`: an OpenAPI document generated from the app's routes, served with swagger-ui. */
export { setupSwagger } from './batteries/docs/setup-swagger.js';
export type {
  DocsWarning,
  DriftReport,
  OpenApiDocument,
  SetupSwaggerOptions,
  SwaggerSetup,
} from './batteries/docs/types.js';
