export * from './catalog.ts';
export * from './content.ts';
export * from './security.ts';
export * from './users.ts';
