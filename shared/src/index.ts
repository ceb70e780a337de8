export * from './constants.ts';
export * from './messages.ts';
export * from './envelope.ts';
export * from './fields.ts';
export * from './auth.ts';
export * from './events.ts';
export * from './profiles.ts';
export * from './realtime.ts';
