import { tableDefinition } from '../packages/core/src/shared/db/table-definition';
import { isProduction } from './stage';

/**
 * The single table (link name `Table`, read by core as `Resource.Table.name`). Its fields, keys,
 * access-pattern indexes and TTL attribute come from the same definition the local cloud uses.
 * No stream: pushes go out from the code that commits the change (core/notifications/realtime/publish.ts).
 */
export const table = new sst.aws.Dynamo('Table', {
  ...tableDefinition,
  deletionProtection: isProduction,
  transform: {
    // Balances and the ledger live here: keep 35 days of point-in-time recovery in production.
    table: (args) => {
      args.pointInTimeRecovery = { enabled: isProduction };
    },
  },
});
