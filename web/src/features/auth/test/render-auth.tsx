import type { ReactElement } from 'react';
import { renderRoutes } from '@/test/render-with-providers';

/** Renders one account page at `path` (its query string included) inside the app's providers. */
export const renderPage = (path: string, element: ReactElement) => renderRoutes([{ path: path.split('?')[0], element }], path);

/** An error shaped like Amplify's: Cognito's exception name on `name`. */
export const cognitoError = (name: string, message = name) => Object.assign(new Error(message), { name });
