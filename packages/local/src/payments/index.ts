import type { IncomingMessage, ServerResponse } from 'node:http';
import { createBinanceSandbox } from './binance';
import { createCryptoSandbox } from './crypto';
import { createPayeerSandbox } from './payeer';
import { createPerfectMoneySandbox } from './perfectmoney';
import { createStripeSandbox } from './stripe';
import type { PaymentSandbox, SandboxContext } from './types';

export type { NotificationOptions, SandboxNotification, PaymentSandbox, SandboxContext } from './types';

/** Every provider's sandbox on the one port; resolves false for a path none of them serves. */
export function createPaymentSandboxes(context: SandboxContext) {
  const sandboxes: PaymentSandbox[] = [
    createStripeSandbox(context),
    createPerfectMoneySandbox(context),
    createPayeerSandbox(context),
    createBinanceSandbox(context),
    createCryptoSandbox(context),
  ];
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    for (const sandbox of sandboxes) if (await sandbox.handle(req, res, url)) return true;
    return false;
  };
}
