export * from './auth';
export * from './trips';
export * from './travels';
export * from './inspirations';
export * from './availability';
export * from './concierge';
export * from './expenses';
