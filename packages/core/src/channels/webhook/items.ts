export interface WebhookConfigItem {
  url?: string;
  secret: string;
  updatedAt: string;
}

export interface WebhookDeliveryItem {
  id: string;
  sub: string;
  kind: 'sms' | 'test';
  /** The exact JSON posted. */
  body: string;
  /** A rent's own URL (the rent API's `url`), posted to instead of the saved one. */
  url?: string;
  status: 'pending' | 'delivered' | 'failed';
  statusCode?: number;
  attempts: number;
  lastError?: string;
  createdAt: string;
  deliveredAt?: string;
  nextAttemptAt?: string;
  dueQueue?: string;
  dueAt?: string;
}

/** One delivery to make: the message the queue carries. */
export interface WebhookJob {
  sub: string;
  id: string;
}
