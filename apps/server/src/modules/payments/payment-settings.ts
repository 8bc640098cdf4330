import { z } from 'zod';
import { DESK_CHANNEL, type PaymentChannel } from './channel.js';
import { WxpayChannel, WxpaySettings } from './wxpay.js';

/** The institution secret naming its online payment channels (JSON: a list of channel settings). */
export const PAYMENT_CHANNELS_SECRET = 'paymentChannels';

const ChannelSettings = z.array(z.discriminatedUnion('kind', [WxpaySettings])).max(10);

/** Parses and checks the secret's JSON; throws an Error saying what is wrong. */
export function parsePaymentChannels(json: string): z.infer<typeof ChannelSettings> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error(`${PAYMENT_CHANNELS_SECRET}: not JSON`);
  }
  const parsed = ChannelSettings.safeParse(value);
  if (!parsed.success)
    throw new Error(
      `${PAYMENT_CHANNELS_SECRET}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

/** The desk, then the institution's online channels. */
export function channelsOf(json: string | undefined): PaymentChannel[] {
  const online = json ? parsePaymentChannels(json).map((s) => new WxpayChannel(s)) : [];
  return [DESK_CHANNEL, ...online];
}
