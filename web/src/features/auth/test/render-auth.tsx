import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../../../components/toast/ToastProvider';

/** Renders account routes in a memory router inside the app's providers; other paths show their path. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter([...routes, { path: '*', element: <Where /> }], { initialEntries: [path] });
  const view = render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </SWRConfig>,
  );
  return { ...view, router };
}

export const renderPage = (path: string, element: ReactElement) => renderRoutes([{ path: path.split('?')[0], element }], path);

function Where() {
  return <p>Elsewhere</p>;
}

/** An error shaped like Amplify's: Cognito's exception name on `name`. */
export const cognitoError = (name: string, message = name) => Object.assign(new Error(message), { name });
