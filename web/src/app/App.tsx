import { Suspense, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { swrFetcher } from '@/lib/api-client';
import { Loader } from '@/components/loader/Loader';
import { ToastProvider } from '@/components/toast/ToastProvider';
import { RouteErrorBoundary } from './layout/RouteError';

/**
 * Everything around the router, the same in the browser (main.tsx) and at build time
 * (web/prerender), so a prerendered page hydrates to the very same tree.
 */
export function App({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ fetcher: swrFetcher, revalidateOnFocus: false, shouldRetryOnError: false }}>
      <ToastProvider>
        {/* The shell's copy loads on demand; until then, the loader. */}
        <Suspense fallback={<Loader block />}>
          <RouteErrorBoundary>{children}</RouteErrorBoundary>
        </Suspense>
      </ToastProvider>
    </SWRConfig>
  );
}
