/** The SIM bank stand-in's SIMs, activations, SMS and switches (bank.ts keeps them, page.ts shows them). */

export interface SimCard {
  /** The SIM's number with the country code, digits only. */
  phone: string;
  /** The protocol's country name (lowercase English). */
  country: string;
  /** The protocol's operator name, or `any` for a country the bank cannot tell operators apart in. */
  operator: string;
}

/** A few SIMs in two countries: the United Kingdom by operator, the United States as `any` (this bank cannot tell US carriers apart). */
export const defaultSims: SimCard[] = [
  { phone: '447700900101', country: 'england', operator: 'ee' },
  { phone: '447700900102', country: 'england', operator: 'ee' },
  { phone: '447700900203', country: 'england', operator: 'vodafone' },
  { phone: '447700900304', country: 'england', operator: 'three' },
  { phone: '12015550101', country: 'usa', operator: 'any' },
  { phone: '12015550102', country: 'usa', operator: 'any' },
  { phone: '13125550103', country: 'usa', operator: 'any' },
];

/** Services by their SMS-Activate codes: Telegram, WhatsApp, Google, Facebook. */
export const defaultServices = ['tg', 'wa', 'go', 'fb'];

/** A number cancelled (status 4) may be given for that service 4 times in all. */
export const maxIssuesWhenCancelled = 4;

/** A SIM and what it may still be given for. */
export interface SimState extends SimCard {
  /** The activation using it now, if any. */
  activationId: string | null;
  /** Services it was sold for (status 3): never offered for them again. */
  soldFor: string[];
  /** Services the platform said not to offer it for any more (status 1). */
  notOfferedFor: string[];
  /** Per service, how many times it was given and came back cancelled or returned (statuses 4 and 5). */
  cancelledFor: Record<string, number>;
}

/** FINISH_ACTIVATION's statuses: 1 do not offer again, 3 sold, 4 cancelled, 5 returned. */
export type FinishStatus = 1 | 3 | 4 | 5;
/** Each finish status in words (the page). */
export const finishNames: Record<FinishStatus, string> = { 1: 'do not offer again', 3: 'sold', 4: 'cancelled', 5: 'returned' };

/** A number given by GET_NUMBER, and how the platform finished it. */
export interface BankActivation {
  activationId: string;
  phone: string;
  country: string;
  operator: string;
  service: string;
  /** As the platform sent it: an exact decimal. */
  sum: string;
  currency: number;
  createdAt: string;
  status: 'active' | 'finished';
  finish?: FinishStatus;
  finishedAt?: string;
  /** FINISH_ACTIVATION requests received for it (a repeat answers SUCCESS and changes nothing). */
  finishRequests: number;
}

/** An SMS one of its SIMs received, and its pushes to the platform. */
export interface BankSms {
  smsId: string;
  phone: string;
  phoneFrom: string;
  text: string;
  receivedAt: string;
  /** PUSH_SMS requests sent for it. */
  attempts: number;
  /** The platform answered SUCCESS (and the answer was not thrown away by `pushFails`): never sent again. */
  delivered: boolean;
  deliveredAt?: string;
  lastAttemptAt?: string;
  /** What the last attempt got: `SUCCESS`, the platform's answer, or the failure. */
  lastOutcome?: string;
}

/** Misbehaviours to switch on, from the page or a test. */
export interface SimBankSwitches {
  /** Every agent reply is held this long (ms). */
  slowMs: number;
  /** GET_SERVICES reports 10 numbers for every SIM, busy or not; GET_NUMBER still gives only free ones (NO_NUMBERS beyond). */
  overReport: boolean;
  /** Every agent request is answered HTTP 503 Service Unavailable (a bank that is down). */
  drop: boolean;
  /** The platform's SUCCESS to a PUSH_SMS is taken as lost, so the SMS is sent again (the platform must not count it twice). */
  pushFails: boolean;
}

/** Everything the bank holds (in memory). */
export interface SimBankState {
  platformUrl: string | null;
  key: string | null;
  services: string[];
  sims: SimState[];
  /** Newest first. */
  activations: BankActivation[];
  /** Newest first. */
  smses: BankSms[];
  switches: SimBankSwitches;
}
