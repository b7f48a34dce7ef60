import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';

let client: SQSClient | undefined;

/** SQS SendMessage with the function's own credentials and region (SQS caps a delay at 15 minutes). */
export async function sqsSendMessage(queueUrl: string, messageBody: string, delaySeconds = 0): Promise<void> {
  client ??= new SQSClient({});
  await client.send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: messageBody,
      ...(delaySeconds ? { DelaySeconds: Math.min(900, Math.round(delaySeconds)) } : {}),
    }),
  );
}
