// The console's page modules, resolved here rather than in the router: the landing route then
// carries one loader for all of them instead of one per page.
const modules = import.meta.glob<{ default: React.ComponentType }>(['../../features/ops-*/components/*Page.tsx', './*Page.tsx']);

/** A console page by its route-table module (`features/ops-x/components/YPage` or `app/ops/YPage`). */
export function loadOpsPage(module: string): Promise<{ default: React.ComponentType }> {
  const load = modules[module.startsWith('app/ops/') ? `./${module.slice('app/ops/'.length)}.tsx` : `../../${module}.tsx`];
  if (!load) throw new Error(`No page module src/${module}.tsx`);
  return load();
}
