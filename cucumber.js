// cucumber-js configuration: TypeScript steps through tsx (its register file must load first), compact progress output.
// No `paths`: cucumber's default is features/**/*.feature, and paths given on the command line then replace it
// instead of being merged with it.
export default {
  // Support first, so its Before hooks (the skips) run before any area's hooks.
  import: [
    'step-definitions/support/register.mjs',
    'step-definitions/support/**/*.ts',
    'step-definitions/**/*.ts',
  ],
  format: ['progress'],
  formatOptions: { snippetInterface: 'async-await' },
  strict: true,
};
