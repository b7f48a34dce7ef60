import { errorCodes, type ErrorCode } from '@numbernest/contracts';
import { ApiError, type ApiErrorBody } from './api-client';
import i18n, { type TFunction } from './i18n';
import { withMoney } from './money';

/** The values of refusals that are amounts of money, sent as decimal text ("12.50"). */
const moneyParams = ['balance', 'refundable'] as const;

/**
 * A refusal in the visitor's language: the `errors` namespace's sentence for the reply's `code`,
 * its `params` filled in. An unknown code (a newer server) or none (API Gateway's own 401/404)
 * shows the server's English message. The copy must be loaded: ask for the `errors` namespace in
 * the component's useTranslation.
 */
export function serverErrorText(t: TFunction, error: ApiError | Pick<ApiErrorBody, 'message' | 'code' | 'params'>): string {
  const body = error instanceof ApiError ? error.body : error;
  if (!isErrorCode(body.code)) return body.message;
  return t(`errors:${body.code}`, { ...withMoney(body.params ?? {}, moneyParams, i18n.language), defaultValue: body.message });
}

export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && (errorCodes as readonly string[]).includes(code);

/** The reply's code, when it names one (API Gateway's own refusals do not). */
export const errorCodeOf = (error: unknown): ErrorCode | undefined => (error instanceof ApiError && isErrorCode(error.body.code) ? error.body.code : undefined);
