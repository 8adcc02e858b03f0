import type { Config } from '../config';
import type { PaymentProvider } from './payment-provider';
import { createStripePaymentProvider, type StripePaymentProvider } from './stripe-provider';
import { createTestPaymentProvider } from './test-provider';

export type ConfiguredPaymentProvider = PaymentProvider | StripePaymentProvider;

/** The provider chosen by PAYMENT_PROVIDER (test unless Stripe keys are set; see config.ts). */
export function createPaymentProvider(config: Pick<Config, 'payments' | 'publicUrl' | 'shipCountries'>): ConfiguredPaymentProvider {
  const payments = config.payments;
  if (payments.provider === 'stripe') {
    return createStripePaymentProvider({
      secretKey: payments.secretKey,
      webhookSecret: payments.webhookSecret,
      apiBase: payments.apiBase,
      publicUrl: config.publicUrl,
      shipCountries: config.shipCountries,
    });
  }
  return createTestPaymentProvider();
}

export function isStripeProvider(provider: ConfiguredPaymentProvider): provider is StripePaymentProvider {
  return provider.name === 'stripe' && 'parseWebhook' in provider;
}
