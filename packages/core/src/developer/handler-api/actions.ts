import { formatDollars } from '../../shared/pricing';
import type { UserItem } from '../../accounts';
import { getActiveActivations, getStatus, getStatusV2, setStatus, type FoundActivation } from './activation';
import { errors, success, type Answer } from './answers';
import { getCountries, getNumbersStatus, getPrices, getServicesList } from './catalogue';
import type { Params } from './protocol';
import { checkExtraActivation, getExtraActivation } from './extra';
import { getAllSms, getHistory } from './history';
import { getOperators, getTopCountriesByService } from './operators';
import { getNumber, getNumberV2 } from './purchase';
import { continueRentInfo, continueRentNumber, getRentList, getRentNumber, getRentServicesAndCountries, getRentStatus, setRentStatus } from './rent';

/**
 * The protocol's actions by name: purchase (purchase.ts), activations (activation.ts) and catalogue
 * reads (catalogue.ts).
 */

/** Runs one action for an authenticated key's user. */
export async function runAction(
  user: UserItem,
  action: string,
  params: Params,
  readAhead?: Promise<FoundActivation | undefined>,
  apiKeyId = '',
): Promise<Answer> {
  switch (action) {
    case 'getBalance':
      return success.balance(formatDollars(user.balanceCents));
    case 'getNumber':
      return (await getNumber({ user, apiKeyId }, params)).answer;
    case 'getNumberV2':
      return getNumberV2({ user, apiKeyId }, params);
    case 'getStatus':
      return getStatus(user, params, readAhead);
    case 'getStatusV2':
      return getStatusV2(user, params, readAhead);
    case 'setStatus':
      return setStatus(user, params, readAhead);
    case 'getActiveActivations':
      return getActiveActivations(user);
    case 'getPrices':
      return getPrices(params);
    case 'getCountries':
      return getCountries();
    case 'getServicesList':
      return getServicesList();
    case 'getNumbersStatus':
      return getNumbersStatus(params);

    // Rent API
    case 'getRentServicesAndCountries':
      return getRentServicesAndCountries(params);
    case 'getRentNumber':
      return getRentNumber({ user, apiKeyId }, params);
    case 'getRentStatus':
      return getRentStatus(user, params);
    case 'setRentStatus':
      return setRentStatus(user, params);
    case 'getRentList':
      return getRentList(user, params);
    case 'continueRentNumber':
      return continueRentNumber(user, params);
    case 'continueRentInfo':
    case 'getContinueRentPriceNumber':
      return continueRentInfo(user, params);

    // Activations: more codes, reactivation, history, operators
    case 'getExtraActivation':
    case 'reactivate':
      return getExtraActivation({ user, apiKeyId }, params);
    case 'checkExtraActivation':
    case 'reactivationPrice':
      return checkExtraActivation(user, params);
    case 'getHistory':
      return getHistory(user, params);
    case 'getAllSms':
      return getAllSms(user, params);
    case 'getOperators':
      return getOperators(params);
    case 'getTopCountriesByService':
      return getTopCountriesByService(params);

    default:
      return errors.badAction;
  }
}
