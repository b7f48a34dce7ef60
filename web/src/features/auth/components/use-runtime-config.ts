import { useEffect, useState } from 'react';
import { loadRuntimeConfig, type RuntimeConfig } from '@/lib/config';

/** The runtime config once known (null before, or when it cannot be had). */
export function useRuntimeConfig(): RuntimeConfig | null {
  const [config, setConfig] = useState<RuntimeConfig | null>(null);
  useEffect(() => {
    let live = true;
    loadRuntimeConfig().then(
      (loaded) => live && setConfig(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return config;
}
