import { Suspense } from 'react';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { swrFetcher } from '../lib/api-client';
import { Loader } from '../components/loader/Loader';
import { ToastProvider } from '../components/toast/ToastProvider';
import { startSessionKeeper } from '../features/auth/session-keeper';
import { createRouter } from './router';
import { initTheme } from './theme/theme';

initTheme();
const router = createRouter();
// Keeps the stored token fresh and handles 401s; an ended session goes to /logIn.
startSessionKeeper((to) => router.navigate(to));

export function App() {
  return (
    <SWRConfig value={{ fetcher: swrFetcher, revalidateOnFocus: false, shouldRetryOnError: false }}>
      <ToastProvider>
        {/* The shell's copy loads on demand; until then, the loader. */}
        <Suspense fallback={<Loader block />}>
          <RouterProvider router={router} />
        </Suspense>
      </ToastProvider>
    </SWRConfig>
  );
}
