/* The outbound transports: the interface (transports.ts) and the two real implementations. */
export * from './transports.ts';
export { createEmailTransport, smtpFailure } from './email-transport.ts';
export type { EmailSettings } from './email-transport.ts';
export { createSmsTransport, twilioFailure, PERMANENT_TWILIO_CODES } from './sms-transport.ts';
export type { TwilioClient } from './sms-transport.ts';
