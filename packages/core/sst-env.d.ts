/* The resources this package reads through `Resource` (the form SST generates for linked resources). */
import 'sst';
declare module 'sst' {
  export interface Resource {
    Table: { name: string; type: 'sst.aws.Dynamo' };
    UserPool: { id: string; type: 'sst.aws.CognitoUserPool' };
    UserPoolClient: { id: string; secret: string; type: 'sst.aws.CognitoUserPoolClient' };
    Realtime: { url: string; managementEndpoint: string; type: 'sst.aws.ApiGatewayWebSocket' };
    WebhookQueue: { url: string; type: 'sst.aws.Queue' };
    SupportMail: { sender: string; type: 'sst.sst.Linkable' };
  }
}
export {};
