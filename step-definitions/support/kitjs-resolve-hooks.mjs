// Module resolve hooks (node:module `register`): the bare specifier `kitjs` becomes the implementation under
// test, so the reference app's `import kit from 'kitjs'` loads KIT_IMPL, as an app's would load the package.
//
// `kitjs` resolves to a small generated module that re-exports the implementation (one module instance:
// the suite's `import()` of the same URL shares it) with two adjustments: the default export is the `kit`
// function even when KIT_IMPL is a CommonJS build (which ESM sees as `{ default: module.exports }`), and
// `comparePassword` reports each call to `globalThis[Symbol.for('kitjs.suite.comparePassword')]` when the
// suite has set it (the scenario that counts bcrypt comparisons, REF-006).

/** The implementation's URL, from `register(..., { data: { url } })`. */
let target;

export function initialize(data) {
  target = data?.url;
}

function wrapper(url) {
  const at = JSON.stringify(url);
  return `import * as impl from ${at};
export * from ${at};
const inner = impl.default;
const kit = typeof inner === 'function' ? inner : typeof inner?.default === 'function' ? inner.default : (inner?.kit ?? impl.kit);
export default kit;
const compare = impl.comparePassword ?? inner?.comparePassword;
export function comparePassword(...args) {
  globalThis[Symbol.for('kitjs.suite.comparePassword')]?.();
  return compare(...args);
}
`;
}

export async function resolve(specifier, context, next) {
  if (specifier === 'kitjs' && typeof target === 'string') {
    return { url: `data:text/javascript,${encodeURIComponent(wrapper(target))}`, shortCircuit: true };
  }
  return next(specifier, context);
}
