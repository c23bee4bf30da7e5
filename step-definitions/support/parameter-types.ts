/** Cucumber parameter types shared by every step file: `{method}` names an HTTP method. */
import { defineParameterType } from '@cucumber/cucumber';

defineParameterType({
  name: 'method',
  regexp: /GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS/,
  transformer: (method: string) => method,
});
