export * from './users';
export * from './processed-images';
export * from './usage-records';
export * from './sessions';
export * from './contact-messages';
export * from './stripe-events';
export * from './plan-changes';
export * from './api-keys';
