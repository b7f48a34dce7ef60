/** Every item type defined with the item layer, for docs/access-patterns.md's generated Items section. */
import { userProfileItem } from './accounts';
import { countryItem, privateOfferItem, rentTimeItem, serviceOfferItem } from './catalogue';
import { priceSummaryItem } from './catalogue-price-summary';
import { auditEntryItem } from './audit';
import { sessionMarksItem } from './session-marks';
import { emailPointerItem } from './email-pointers';
import { serviceItem } from './catalogue-services';
import { numberItem, numberOnOfferItem } from './catalogue-numbers';
import { numberByPhoneItem } from './catalogue-number-by-phone';
import { agentStockItem } from './catalogue-agent-stock';
import { upstreamStockItem } from './catalogue-upstream-stock';
import { upstreamActivationItem, upstreamEndItem } from './rentals-upstream';
import { agentFinishItem } from './rentals-agent-finish';
import { agentActivationItem } from './rentals-agent-activations';
import { purchaseDecisionItem } from './supply-decisions';
import { numberFactsItem } from './catalogue-number-facts';
import { numberWithMarksItem } from './catalogue-number-marks';
import { webhookConfigItem, webhookDeliveryItem, whatsappCodeItem, whatsappInboundItem, whatsappNumberItem, whatsappOwnerItem } from './channels';
import { telegramAccountItem, telegramChatItem, telegramLinkCodeItem } from './telegram';
import { messengerAccountItem, messengerInboundItem, messengerLinkRefItem, messengerPsidItem } from './messenger';
import { apiKeyByHashItem, apiKeyOfUserItem, maxPriceItem } from './developer';
import { blogPostItem, blogSummaryItem, contactInboxEntryItem, contactMessageItem } from './content';
import { ledgerEntryItem, ledgerKeyItem } from './ledger';
import {
  disputeItem,
  holdDecisionItem,
  openHoldItem,
  openPayoutItem,
  payoutItem,
  payoutOfPartnerItem,
  topUpInReviewItem,
  topUpItem,
  topUpOfPaymentItem,
  topUpOfUserItem,
  transferDayItem,
  transferItem,
} from './money';
import { sentDayItem } from './messaging';
import { forwardRecordItem } from './forwarding';
import { messageItem } from './messages';
import { inboundRecordItem, orphanSmsItem } from './inbound-sms';
import { notificationItem } from './notifications';
import { socketByIdItem, socketOfUserItem } from './sockets';
import { pushSubscriptionItem } from './push';
import { activationIdItem, idCounterItem, numberLockItem, rentalIdItem, rentalItem, rentIdItem } from './rentals';
import { rentalSendsItem } from './rental-sends';
import { rateBucketItem, rateWindowItem } from './shared';
import { standingItem } from './standing';
import { statsCountersItem } from './stats';
import { deliveryCountersItem } from './stats-delivery';
import { rentalCountedItem } from './rentals-counted';
import { gatewayDeviceItem } from './supply';
import { numberIdCounterItem } from './supply-number-ids';
import { partnerItem } from './partners';
import { agentByKeyItem, agentItem, partnerAgentsItem } from './agents';
import { partnerShareItem } from './partner-share';
import { sourceRulesItem, upstreamItem, upstreamNameItem } from './upstreams';

export const itemTypes = [
  userProfileItem,
  sessionMarksItem,
  auditEntryItem,
  partnerItem,
  emailPointerItem,
  ledgerEntryItem,
  ledgerKeyItem,
  topUpItem,
  topUpOfUserItem,
  topUpOfPaymentItem,
  topUpInReviewItem,
  disputeItem,
  transferItem,
  payoutItem,
  payoutOfPartnerItem,
  openPayoutItem,
  transferDayItem,
  openHoldItem,
  holdDecisionItem,
  sentDayItem,
  messageItem,
  forwardRecordItem,
  orphanSmsItem,
  inboundRecordItem,
  rentalItem,
  rentalSendsItem,
  rentalIdItem,
  numberLockItem,
  standingItem,
  rentalCountedItem,
  statsCountersItem,
  deliveryCountersItem,
  activationIdItem,
  rentIdItem,
  idCounterItem,
  rateWindowItem,
  rateBucketItem,
  blogPostItem,
  blogSummaryItem,
  contactMessageItem,
  contactInboxEntryItem,
  webhookConfigItem,
  webhookDeliveryItem,
  whatsappNumberItem,
  whatsappCodeItem,
  whatsappOwnerItem,
  whatsappInboundItem,
  telegramLinkCodeItem,
  telegramChatItem,
  telegramAccountItem,
  messengerLinkRefItem,
  messengerPsidItem,
  messengerAccountItem,
  messengerInboundItem,
  apiKeyByHashItem,
  apiKeyOfUserItem,
  maxPriceItem,
  gatewayDeviceItem,
  numberIdCounterItem,
  agentItem,
  partnerAgentsItem,
  agentByKeyItem,
  partnerShareItem,
  upstreamItem,
  upstreamNameItem,
  sourceRulesItem,
  rentTimeItem,
  countryItem,
  serviceItem,
  serviceOfferItem,
  privateOfferItem,
  priceSummaryItem,
  notificationItem,
  socketOfUserItem,
  socketByIdItem,
  pushSubscriptionItem,
  numberItem,
  numberOnOfferItem,
  numberWithMarksItem,
  numberFactsItem,
  numberByPhoneItem,
  agentStockItem,
  agentFinishItem,
  agentActivationItem,
  purchaseDecisionItem,
  upstreamStockItem,
  upstreamActivationItem,
  upstreamEndItem,
];
