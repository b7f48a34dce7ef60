import { createContext, useContext } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import type { RouteHandle } from './router';

const RouteHandleContext = createContext<RouteHandle | undefined>(undefined);

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** The deepest matched route's handle: the page's title, description and prerendering. */
export const deepestHandle = (matches: readonly { route: { handle?: unknown } }[]): RouteHandle | undefined =>
  matches
    .map((match) => match.route.handle)
    .filter(isRouteHandle)
    .at(-1);

/** Renders `routes` at the current location and tells the layout which page's handle is showing. */
export function RouteTable({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const element = useRoutes(routes, location);
  return <RouteHandleContext.Provider value={deepestHandle(matchRoutes(routes, location) ?? [])}>{element}</RouteHandleContext.Provider>;
}

/** The handle of the page being shown (undefined outside a RouteTable or without a handle). */
export const useRouteHandle = () => useContext(RouteHandleContext);
