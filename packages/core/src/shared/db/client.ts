import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { resource } from '../settings';

/**
 * The one document client. Endpoint, region and credentials come from the SDK's standard
 * sources, so locally `AWS_ENDPOINT_URL_DYNAMODB` points it at DynamoDB Local: no special case here.
 */
export const db = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

/** Read at call time: SST links (or SST_RESOURCE_Table locally) may be set after this module loads. */
export const tableName = (): string => resource('Table').name;
