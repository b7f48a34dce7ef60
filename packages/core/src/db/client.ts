/// <reference path="../../sst-env.d.ts" />
// ^ Resource.Table's type, for every program that compiles this file (functions, local, scripts).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Resource } from 'sst/resource';

/**
 * The one document client. Endpoint, region and credentials come from the SDK's standard
 * sources, so locally `AWS_ENDPOINT_URL_DYNAMODB` points it at DynamoDB Local: no special case here.
 */
export const db = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

/** Read at call time: SST links (or SST_RESOURCE_Table locally) may be set after this module loads. */
export const tableName = (): string => Resource.Table.name;
