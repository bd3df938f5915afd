/**
 * What a message says (issue 17 "Messages" and "Content rules"), pure: kinds and channels, the
 * variable whitelist, default templates, the LiquidJS renderer and its validation, SMS segments,
 * quiet hours, the zone-naming formats, the confirmation number and the .ics attachment.
 * Import from '@scheduler/domain/messages/index'.
 */
export * from './kinds.ts';
export * from './variables.ts';
export * from './render.ts';
export * from './defaults.ts';
export * from './sms.ts';
export * from './quiet-hours.ts';
export * from './format.ts';
export * from './ics.ts';
