import { useSWRConfig } from 'swr';
import { agentsPath } from './use-agents';
import { partnerSummaryPath } from './use-partner-summary';

/** After a change to the agents: the list and the summary (its count) read again. */
export function useRefreshPartner() {
  const { mutate } = useSWRConfig();
  return () => Promise.all([mutate(agentsPath), mutate(partnerSummaryPath)]);
}
