import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { swrFetcher } from '../lib/api-client';
import { ToastProvider } from '../components/toast/ToastProvider';
import { createRouter } from './router';

const router = createRouter();

export function App() {
  return (
    <SWRConfig value={{ fetcher: swrFetcher, revalidateOnFocus: false, shouldRetryOnError: false }}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </SWRConfig>
  );
}
