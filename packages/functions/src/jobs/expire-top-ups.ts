import { expireDueTopUps } from '@numbernest/core/payment';

/** Scheduled (stacks/jobs.ts; locally the local cloud's ticker): pending top-ups older than a day become expired. */
export const handler = async (): Promise<{ expired: number }> => {
  const expired = await expireDueTopUps();
  if (expired) console.log(JSON.stringify({ level: 'info', message: 'top-ups expired', expired }));
  return { expired };
};
