import { handlerNeeds, tableActions, type Need } from '../packages/functions/src/links';
import { handlerOf } from './handlers';

/**
 * Links from data: each function gets exactly the resources its row in
 * packages/functions/src/links.ts names, nothing by hand per stack. A stack that creates a linkable
 * resource provides it here; stacks/function-defaults.ts asks for a function's links by handler.
 */
const provided = new Map<Need, unknown>();

export function provideLinks(resources: Partial<Record<Need, unknown>>): void {
  for (const [name, resource] of Object.entries(resources)) provided.set(name as Need, resource);
}

/**
 * The links of the function with this handler string (`packages/functions/src/<file>.<export>`).
 * An unknown handler, or a need whose stack is not imported yet, stops the deploy with its name.
 */
export function linksFor(handlerPath: string): unknown[] {
  const handler = handlerOf(handlerPath);
  const needs = handlerNeeds[handler];
  if (!needs) throw new Error(`${handler} has no row in packages/functions/src/links.ts: say what it may reach there`);
  return needs.map((need) => {
    const resource = provided.get(need);
    if (!resource) throw new Error(`${handler} needs ${need}, which no stack has provided yet: import that stack first`);
    return resource;
  });
}

/**
 * The table's link grants item and query actions only (SST's own Dynamo link grants
 * `dynamodb:*`, which includes DeleteTable); it keeps the link name and `Resource.Table.name`.
 */
sst.Linkable.wrap(sst.aws.Dynamo, (table) => ({
  properties: { name: table.name },
  include: [sst.aws.permission({ actions: [...tableActions], resources: [table.arn, $interpolate`${table.arn}/*`] })],
}));
