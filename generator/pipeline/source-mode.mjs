// Runs the TypeScript sources of the workspace packages directly (the generator's development
// mode): tsx compiles them on import, and a resolve hook adds the `vitrina-docs-source` export
// condition, so that `@vitrina-docs/schemas` and the other packages resolve to their sources
// instead of their compiled lib/. The compiled packages never load this module.
import { register as registerHooks } from 'node:module';
import { register as registerTsx } from 'tsx/esm/api';

const CONDITION = 'vitrina-docs-source';
const hooks = `export async function resolve(specifier, context, next) {
  return next(specifier, context.conditions.includes('${CONDITION}') ? context : { ...context, conditions: [...context.conditions, '${CONDITION}'] });
}`;

let registered = false;

export function registerSourceMode() {
  if (registered) return;
  registered = true;
  registerHooks(`data:text/javascript,${encodeURIComponent(hooks)}`);
  registerTsx();
}
