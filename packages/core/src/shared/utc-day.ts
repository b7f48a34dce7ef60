/** Daily caps (Start Chat, transfers) count per UTC day: its date, and the seconds until it ends. */
export const utcDay = (time: Date | number) => new Date(time).toISOString().slice(0, 10);

export const secondsToUtcMidnight = (time: Date | number) => {
  const now = new Date(time);
  return Math.max(1, Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000));
};
