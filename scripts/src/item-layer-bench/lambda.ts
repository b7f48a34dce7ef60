/** A Lambda-like handler over one implementation: read the account, debit it, answer as the API would. */
import { KeyAlreadyUsedError, NotEnoughBalanceError, type DebitRequest, type ItemLayerImplementation } from './shared';

export const debitHandler =
  (layer: ItemLayerImplementation) =>
  async (event: DebitRequest): Promise<{ statusCode: number; body: string }> => {
    const account = await layer.readAccount(event.sub);
    if (!account) return { statusCode: 404, body: JSON.stringify({ code: 'USER_NOT_FOUND' }) };
    try {
      return { statusCode: 200, body: JSON.stringify(await layer.debit(event, account)) };
    } catch (error) {
      if (error instanceof NotEnoughBalanceError) return { statusCode: 402, body: JSON.stringify({ code: 'INSUFFICIENT_FUNDS' }) };
      if (error instanceof KeyAlreadyUsedError) return { statusCode: 409, body: JSON.stringify({ code: 'REPLAYED' }) };
      throw error;
    }
  };
